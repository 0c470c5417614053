import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { loadStartup } from '../../app/useAppStartup';

/** Back online: fetch the cart's prices and the shown lists again instead of keeping what was cached. */
export function useRefreshOnReconnect(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onOnline = () => {
      loadStartup().then(
        ({ refreshAfterReconnect }) => refreshAfterReconnect(dispatch),
        () => undefined,
      );
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [dispatch]);
}
