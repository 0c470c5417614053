import { useMemo } from 'react';
import { rankTotals } from '@hintakori/web-util';
import { useAppSelector, useSelectedStoreIds } from '../../../app/hooks';
import { useGetStoreTotalsQuery } from '../comparison.api';

/** Store totals of the local cart in the selected stores (POST storeTotals with the cart lines). */
export function useCartTotals() {
  const storeIds = useSelectedStoreIds();
  const items = useAppSelector((s) => s.cart.items);
  const lines = useMemo(() => items.map((i) => ({ itemId: i.id, quantity: i.count })), [items]);
  const skip = storeIds.length === 0 || lines.length === 0;
  const { data, isFetching, isError } = useGetStoreTotalsQuery({ storeIds, items: lines }, { skip });
  const ranked = useMemo(() => (skip || isError ? [] : rankTotals(data, storeIds)), [data, storeIds, skip, isError]);
  return { ranked, loading: isFetching, storeIds, lineCount: lines.length };
}
