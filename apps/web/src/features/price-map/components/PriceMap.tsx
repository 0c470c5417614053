import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LayersControl, MapContainer, Marker, Popup, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import styled from 'styled-components';
import {
  entitySlug,
  formatPrice,
  LAYER_CONTROL_COLLAPSE_MAX_WIDTH,
  MAP_HEIGHT_PX,
  MAX_STORE_IDS_PER_REQUEST,
  PRICE_MAP_CENTER,
  PRICE_MAP_ZOOM,
  rankTotals,
  STORE_TOTALS_MIN_ZOOM,
  type GeoBox,
} from '@hintakori/web-util';
import { InfoBox } from '@hintakori/web-ui';
import { config } from '../../../app/config';
import { useAppSelector, useMemberCards } from '../../../app/hooks';
import type { Store } from '../../../app/models';
import { useGetStoreTotalsQuery } from '../../../kit/api/comparison.api';
import { storeGroup } from '../../../kit/stores/chains';
import { useGetStoresByLocationQuery } from '../../../kit/api/stores.api';
import { storeIcon } from '../../../kit/map/leaflet';
import { MapStyles } from '../../../kit/map/MapStyles';
import { MarkerClusterGroup } from '../../../kit/map/MarkerClusterGroup';

const Frame = styled.div`
  height: ${MAP_HEIGHT_PX}px;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  .leaflet-container { height: 100%; }
`;

interface View {
  box: GeoBox;
  center: [number, number];
  zoom: number;
}

function toView(map: LeafletMap): View {
  const b = map.getBounds();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    box: { minLat: round(b.getSouth()), minLong: round(b.getWest()), maxLat: round(b.getNorth()), maxLong: round(b.getEast()) },
    center: [map.getCenter().lat, map.getCenter().lng],
    zoom: map.getZoom(),
  };
}

/** Follows the visible area and zoom of the map. */
function ViewTracker({ onChange }: { onChange: (view: View) => void }) {
  const map = useMap();
  useEffect(() => {
    onChange(toView(map));
  }, [map, onChange]);
  useMapEvents({ moveend: () => onChange(toView(map)) });
  return null;
}

const inBox = (s: Store, b: GeoBox) => s.lat >= b.minLat && s.lat <= b.maxLat && s.long >= b.minLong && s.long <= b.maxLong;

const GROUPS: Array<{ type: 'S' | 'K' | 'L'; name: string }> = [
  { type: 'S', name: 'S-ryhmä' },
  { type: 'K', name: 'K-ryhmä' },
  { type: 'L', name: 'Lidl' },
];

export function PriceMap() {
  const [view, setView] = useState<View | null>(null);
  const [known, setKnown] = useState<Map<number, Store>>(() => new Map());
  const cartItems = useAppSelector((s) => s.cart.items);
  const cards = useMemberCards();
  const { data } = useGetStoresByLocationQuery(view?.box ?? { minLat: 0, minLong: 0, maxLat: 0, maxLong: 0 }, { skip: !view });

  // Keep stores seen earlier so markers do not blink while the next area loads.
  useEffect(() => {
    if (!data || data.length === 0) return;
    setKnown((prev) => {
      const next = new Map(prev);
      for (const s of data) next.set(s.id, s);
      return next;
    });
  }, [data]);

  const stores = useMemo(() => [...known.values()], [known]);
  const lines = useMemo(() => cartItems.map((i) => ({ itemId: i.id, quantity: i.count })), [cartItems]);
  const showTotals = Boolean(view && view.zoom >= STORE_TOTALS_MIN_ZOOM && lines.length > 0);
  const visibleIds = useMemo(
    () =>
      view && showTotals
        ? stores
            .filter((s) => inBox(s, view.box))
            // At most 100 stores per request: the ones nearest the centre of the view.
            .map((s) => ({ id: s.id, d: (s.lat - view.center[0]) ** 2 + ((s.long - view.center[1]) * 0.5) ** 2 }))
            .sort((a, b) => a.d - b.d)
            .slice(0, MAX_STORE_IDS_PER_REQUEST)
            .map((s) => s.id)
            .sort((a, b) => a - b)
        : [],
    [stores, view, showTotals],
  );
  const totals = useGetStoreTotalsQuery({ storeIds: visibleIds, items: lines, cards }, { skip: visibleIds.length === 0 });
  const ranked = useMemo(() => rankTotals(showTotals ? totals.data : null, visibleIds), [totals.data, visibleIds, showTotals]);
  const totalById = new Map(ranked.map((r) => [r.storeId, r]));
  const collapsed = typeof window !== 'undefined' && window.innerWidth <= LAYER_CONTROL_COLLAPSE_MAX_WIDTH;

  return (
    <>
      <MapStyles />
      {lines.length === 0 ? (
        <InfoBox style={{ marginBottom: 12 }}>Lisää tuotteita ostoskoriin, niin näet ostoskorin hinnan kaupoittain kartalla.</InfoBox>
      ) : view && view.zoom < STORE_TOTALS_MIN_ZOOM ? (
        <InfoBox style={{ marginBottom: 12 }}>Lähennä karttaa nähdäksesi ostoskorin hinnat kaupoissa.</InfoBox>
      ) : null}
      <Frame data-testid="price-map" data-store-count={stores.length} data-totals-count={ranked.length}>
        <MapContainer center={PRICE_MAP_CENTER} zoom={PRICE_MAP_ZOOM} aria-label="Hintakartta">
          <ViewTracker onChange={setView} />
          <LayersControl position="topright" collapsed={collapsed}>
            <LayersControl.BaseLayer checked name="Kartta">
              <TileLayer url={config.map.tileUrl} attribution={config.map.tileAttribution} />
            </LayersControl.BaseLayer>
            <LayersControl.BaseLayer name="Selkeä kartta">
              <TileLayer url={config.map.altTileUrl} attribution={config.map.altTileAttribution} />
            </LayersControl.BaseLayer>
            {GROUPS.map((group) => (
              <LayersControl.Overlay key={group.type} checked name={group.name}>
                <MarkerClusterGroup>
                  {stores
                    .filter((s) => storeGroup(s.type) === group.type)
                    .map((store) => {
                      const total = totalById.get(store.id);
                      return (
                        <Marker
                          key={`${store.id}-${total ? 't' : 'n'}-${total?.cheapest ? 'c' : ''}`}
                          position={[store.lat, store.long]}
                          icon={storeIcon(store.type, undefined, total?.cheapest)}
                          title={store.name}
                          alt={store.name}
                        >
                          <Popup>
                            <Link to={`/kaupat/${entitySlug(store)}`}>{store.name}</Link>
                            <br />
                            {store.address}
                            {total ? (
                              <>
                                <br />
                                Ostoskori: {formatPrice(total.total)}
                              </>
                            ) : null}
                          </Popup>
                          {total ? (
                            <Tooltip
                              permanent
                              direction="top"
                              className={`hk-total${total.cheapest ? ' hk-total--cheapest' : ''}`}
                            >
                              {formatPrice(total.total)}
                              {total.estimatedCount > 0 || total.missingCount > 0 ? '*' : ''}
                            </Tooltip>
                          ) : null}
                        </Marker>
                      );
                    })}
                </MarkerClusterGroup>
              </LayersControl.Overlay>
            ))}
          </LayersControl>
        </MapContainer>
      </Frame>
    </>
  );
}
