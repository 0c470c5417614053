import { useEffect, useMemo } from 'react';
import { rankTotals } from '@hintakori/web-util';
import { useAppSelector, useMemberCards, useSelectedStoreIds } from '../../app/hooks';
import { offlineTotalsFor, saveOfflineTotals, totalsKey } from './offline-cart';
import { useGetStoreTotalsQuery } from '../api/comparison.api';

/** Store totals of the local cart in the selected stores (POST storeTotals with the cart lines). */
export function useCartTotals() {
  const storeIds = useSelectedStoreIds();
  const cards = useMemberCards();
  const items = useAppSelector((s) => s.cart.items);
  const lines = useMemo(() => items.map((i) => ({ itemId: i.id, quantity: i.count })), [items]);
  const skip = storeIds.length === 0 || lines.length === 0;
  const { data, isFetching, isError } = useGetStoreTotalsQuery({ storeIds, items: lines, cards }, { skip });
  const key = useMemo(() => totalsKey(storeIds, lines, cards), [storeIds, lines, cards]);
  // Kept for offline use; when the call fails (no signal), the totals last computed for the same lines are shown.
  useEffect(() => {
    if (!skip && data && !isFetching && !isError) saveOfflineTotals(key, data);
  }, [skip, data, isFetching, isError, key]);
  const ranked = useMemo(() => {
    if (skip) return [];
    if (isError) return rankTotals(offlineTotalsFor(key), storeIds);
    return rankTotals(data, storeIds);
  }, [data, storeIds, skip, isError, key]);
  return { ranked, loading: isFetching, storeIds, lineCount: lines.length };
}
