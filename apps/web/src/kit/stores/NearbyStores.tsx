import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { boundingBox, entitySlug, formatDistance, NEARBY_STORES_SHOWN, nearest } from '@hintakori/web-util';
import { Muted, SkeletonRows } from '@hintakori/web-ui';
import type { Store } from '../../app/models';
import { useGetStoresByLocationQuery } from '../api/stores.api';
import { ChainLogo } from './ChainLogo';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li a { display: flex; align-items: center; gap: ${({ theme }) => theme.space.sm}; text-decoration: none; }
`;

/** Up to 4 stores near the given one, nearest first with distances; errors are ignored. */
export function NearbyStores({ store, basePath }: { store: Store; basePath: '/kaupat' | '/tarjoukset' }) {
  const hasPosition = Number.isFinite(store.lat) && Number.isFinite(store.long);
  const { data, isLoading } = useGetStoresByLocationQuery(
    { ...boundingBox(store.lat, store.long), lat: store.lat, long: store.long },
    { skip: !hasPosition },
  );
  if (!hasPosition) return null;
  const others = nearest((data ?? []).filter((s) => s.id !== store.id), store.lat, store.long, NEARBY_STORES_SHOWN);
  return (
    <section aria-labelledby="nearby-heading" data-testid="nearby-stores">
      <h2 id="nearby-heading">Muut lähellä olevat kaupat:</h2>
      {isLoading ? (
        <SkeletonRows count={4} />
      ) : (
        <List>
          {others.map((s) => (
            <li key={s.id}>
              <Link to={`${basePath}/${entitySlug(s)}`}>
                <ChainLogo chain={s.chain} size={18} decorative />
                <span>{s.name}</span>
                <Muted>{formatDistance(s.distance)}</Muted>
              </Link>
            </li>
          ))}
        </List>
      )}
    </section>
  );
}
