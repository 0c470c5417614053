import { useEffect } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { ensureCartLoaded, refreshCartPrices } from '../cart/cart.thunks';

/** Back online: fetch the cart's prices and the shown lists again instead of keeping what was cached. */
export function useRefreshOnReconnect(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onOnline = () => {
      void dispatch(ensureCartLoaded());
      void dispatch(refreshCartPrices());
      dispatch(api.util.invalidateTags(['StoreTotals', 'Comparison', 'Item', 'Category', 'Store', 'StoreList', 'Offer']));
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [dispatch]);
}
