import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import styled from 'styled-components';
import { STORE_MAP_CENTER, STORE_MAP_ZOOM } from '@hintakori/web-util';
import { config } from '../../app/config';
import type { Store } from '../../app/models';
import { storeIcon } from '../map/leaflet';
import { MapStyles } from '../map/MapStyles';

const Frame = styled.div`
  height: 360px;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  .leaflet-container { height: 100%; }
`;

/** The store on a map; central Helsinki at zoom 14 when the store has no coordinates. */
export function StoreMap({ store }: { store: Pick<Store, 'lat' | 'long' | 'type' | 'name'> }) {
  const hasPosition = Number.isFinite(store.lat) && Number.isFinite(store.long) && !(store.lat === 0 && store.long === 0);
  const center: [number, number] = hasPosition ? [store.lat, store.long] : STORE_MAP_CENTER;
  return (
    <Frame data-testid="store-map">
      <MapStyles />
      <MapContainer center={center} zoom={STORE_MAP_ZOOM} scrollWheelZoom={false} aria-label={`Kartta: ${store.name}`}>
        <TileLayer url={config.map.tileUrl} attribution={config.map.tileAttribution} />
        {hasPosition ? <Marker position={center} icon={storeIcon(store.type)} title={store.name} alt={store.name} /> : null}
      </MapContainer>
    </Frame>
  );
}
