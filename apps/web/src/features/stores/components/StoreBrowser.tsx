import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug, STORE_LIST_HEIGHT_PX } from '@hintakori/web-util';
import { Muted, SkeletonRows, Spinner } from '@hintakori/web-ui';
import { useGetStoresMinimalInfiniteQuery } from '../stores.api';
import { ChainLogo } from './ChainLogo';
import { StoreCombobox } from './StoreCombobox';

const Scroller = styled.div`
  height: ${STORE_LIST_HEIGHT_PX}px;
  overflow-y: auto;
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
`;

const CardLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  height: 100%;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
`;

const End = styled.p`
  text-align: center;
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.sm};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Store search plus a grid of all stores with infinite scroll (pages of 200). */
export function StoreBrowser({ basePath }: { basePath: '/kaupat' | '/tarjoukset' }) {
  const navigate = useNavigate();
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage } = useGetStoresMinimalInfiniteQuery();
  // Errors are ignored: the list keeps what it had.
  const stores = useMemo(() => data?.pages.flat() ?? [], [data]);
  // A page of 200 cards is rendered in the background, in slices, so that a slow phone stays responsive while
  // it is built (the skeleton stays until then).
  const shown = useDeferredValue(stores);
  const building = shown.length === 0 && stores.length > 0;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = scrollerRef.current;
    const sentinel = sentinelRef.current;
    if (!root || !sentinel || !hasNextPage) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { root, rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, stores.length]);

  return (
    <>
      <StoreCombobox
        label="Hae kauppoja"
        placeholder="Kaupan nimi tai paikkakunta"
        onSelect={(store) => navigate(`${basePath}/${entitySlug(store)}`)}
      />
      <Scroller ref={scrollerRef} data-testid="store-list" tabIndex={0} aria-label="Kaikki kaupat">
        {isLoading || building ? (
          <SkeletonRows count={5} />
        ) : (
          <Grid>
            {shown.map((store) => (
              <li key={store.id}>
                <CardLink to={`${basePath}/${entitySlug(store)}`} data-testid="store-card">
                  <ChainLogo chain={store.chain} size={24} decorative />
                  <span>{store.name}</span>
                </CardLink>
              </li>
            ))}
          </Grid>
        )}
        <div ref={sentinelRef} aria-hidden="true" />
        {isFetchingNextPage ? (
          <div style={{ textAlign: 'center', padding: 16 }}>
            <Spinner size={24} />
          </div>
        ) : null}
        {!isLoading && !building && !hasNextPage ? <End>Tässä kaikki kaupat!</End> : null}
        {!isLoading && !building && hasNextPage && !isFetchingNextPage ? (
          <p style={{ textAlign: 'center' }}>
            <Muted>Vieritä ladataksesi lisää kauppoja</Muted>
          </p>
        ) : null}
      </Scroller>
    </>
  );
}
