import { startTransition, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { entitySlug, STORE_LIST_HEIGHT_PX } from '@hintakori/web-util';
import { Muted, SkeletonRows, Spinner } from '@hintakori/web-ui';
import { useGetStoresMinimalInfiniteQuery } from '../api/stores.api';
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

/**
 * Cards added per step as the list scrolls: a slow phone builds a few dozen cards at a time, never a whole page of
 * 200 (or the country's 2,200 stores) in one long task.
 */
export const STORE_CARDS_STEP = 60;

/**
 * Cards of the first render: what fills the list's box (730 px) on a phone, one card per row, and the first screen of
 * a wide one. The first render is the app's takeover from the server's first screen, so it builds no more than is
 * seen; the next step follows at once when the box is not full (the end is within STORE_LIST_AHEAD_PX of it).
 */
export const STORE_CARDS_FIRST = 16;

/**
 * How far below the list's box the end may be for the next step to be built. Less than the first cards reach below
 * the box on a phone (16 cards of 50 px and their gaps, about 200 px more than the 730 px box), so that a phone builds
 * them alone at the takeover and the next step when the shopper scrolls, not 60 unseen cards at once while the page
 * is still loading. A wide screen, whose first cards are a few rows, still fills its box at once.
 */
export const STORE_LIST_AHEAD_PX = 150;

/** Store search plus a grid of all stores with infinite scroll (pages of 200 from the API, 16 cards at first, then 60 at a time). */
export function StoreBrowser({ basePath }: { basePath: '/kaupat' | '/tarjoukset' }) {
  const navigate = useNavigate();
  const { data, isLoading, isFetchingNextPage, hasNextPage, fetchNextPage } = useGetStoresMinimalInfiniteQuery();
  // Errors are ignored: the list keeps what it had.
  const stores = useMemo(() => data?.pages.flat() ?? [], [data]);
  // A page of 200 cards is rendered in the background, in slices, so that a slow phone stays responsive while
  // it is built (the skeleton stays until then).
  const [limit, setLimit] = useState(STORE_CARDS_FIRST);
  const deferred = useDeferredValue(stores);
  const shown = useMemo(() => deferred.slice(0, limit), [deferred, limit]);
  const building = shown.length === 0 && stores.length > 0;
  // More cards of the pages at hand first; the next page from the API only when all of them are shown.
  const moreHere = limit < stores.length;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = scrollerRef.current;
    const sentinel = sentinelRef.current;
    // Not while a page is still being built: the sentinel sits under the short skeleton then, and would fetch page
    // after page (all 2,200 stores of the country, each rendered again on a slow phone) before any was shown.
    if (!root || !sentinel || !(hasNextPage || moreHere) || building) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        if (moreHere) startTransition(() => setLimit((n) => n + STORE_CARDS_STEP));
        else if (!isFetchingNextPage) void fetchNextPage();
      },
      { root, rootMargin: `${STORE_LIST_AHEAD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, moreHere, limit, building]);

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
        {!isLoading && !building && !hasNextPage && !moreHere ? <End>Tässä kaikki kaupat!</End> : null}
        {!isLoading && !building && (hasNextPage || moreHere) && !isFetchingNextPage ? (
          <p style={{ textAlign: 'center' }}>
            <Muted>Vieritä ladataksesi lisää kauppoja</Muted>
          </p>
        ) : null}
      </Scroller>
    </>
  );
}
