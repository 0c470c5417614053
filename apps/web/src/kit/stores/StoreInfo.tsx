import { Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { ErrorBox, Icon, mq, SkeletonBlock } from '@hintakori/web-ui';
import { lazyNamed } from '../../app/lazy';
import type { Store } from '../../app/models';
import { StoreSource, storeClosedText } from '../sources/StoreSource';
import { ChainLogo } from './ChainLogo';
import { NearbyStores } from './NearbyStores';
import { OpenBadge } from './OpenBadge';
import { OpeningTimes } from './OpeningTimes';

const StoreMap = lazyNamed(() => import('./StoreMap'), 'StoreMap');

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.xl};
  h1 { margin: 0; }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr);
  gap: ${({ theme }) => theme.space.xl};
  ${mq.below('md')} { grid-template-columns: 1fr; }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

export function directionsUrl(store: Pick<Store, 'address' | 'postalCode' | 'city' | 'lat' | 'long'>): string {
  const destination = [store.address, [store.postalCode, store.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const target = destination || `${store.lat},${store.long}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(target)}`;
}

export function StoreHeader({ store, title }: { store: Store; title?: ReactNode }) {
  return (
    <Header>
      <ChainLogo chain={store.chain} size={32} />
      <h1>{title ?? store.name}</h1>
      <OpenBadge store={store} />
    </Header>
  );
}

export function StoreAddress({ store }: { store: Store }) {
  if (!store.address) return null;
  return (
    <section aria-labelledby="address-heading">
      <h2 id="address-heading">Osoite</h2>
      <a href={directionsUrl(store)} target="_blank" rel="noopener noreferrer">
        {store.address}, {[store.postalCode, store.city].filter(Boolean).join(' ')}
        <Icon name="external" size={14} title="Reittiohjeet avautuvat uuteen välilehteen" style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      </a>
    </section>
  );
}

/** Map (lazy, own chunk) with a skeleton while Leaflet loads. */
export function LazyStoreMap({ store }: { store: Store }) {
  return (
    <Suspense fallback={<SkeletonBlock $h="360px" $radius="12px" />}>
      <StoreMap store={store} />
    </Suspense>
  );
}

/** Store details: opening times (none for a store closed for good), address and its source, map and nearby stores. */
export function StoreInfo({ store, basePath, children }: { store: Store; basePath: '/kaupat' | '/tarjoukset'; children?: ReactNode }) {
  return (
    <Grid>
      <Side>
        {store.isClosed ? <ErrorBox data-testid="store-closed">{storeClosedText(store.source)}</ErrorBox> : null}
        {children}
        {store.isClosed ? null : (
          <section aria-labelledby="hours-heading">
            <h2 id="hours-heading">Aukioloajat</h2>
            <OpeningTimes store={store} />
          </section>
        )}
        <StoreAddress store={store} />
        <StoreSource source={store.source} />
        <NearbyStores store={store} basePath={basePath} />
      </Side>
      <LazyStoreMap store={store} />
    </Grid>
  );
}
