import { useEffect, useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import type { OpeningSource } from '@hintakori/web-util';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { storesApi } from '../../../kit/api/stores.api';

/** Opening times of the given stores (loaded through the cached store-by-id query), by store id. */
export function useStoreOpening(storeIds: readonly number[]): Map<number, OpeningSource> {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const subscriptions = storeIds.map((id) => dispatch(storesApi.endpoints.getStore.initiate(id)));
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [dispatch, storeIds]);
  const stores = useAppSelector((state) => storeIds.map((id) => storesApi.endpoints.getStore.select(id)(state).data), shallowEqual);
  return useMemo(() => {
    const map = new Map<number, OpeningSource>();
    stores.forEach((store) => {
      if (store) map.set(store.id, store);
    });
    return map;
  }, [stores]);
}
