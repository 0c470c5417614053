import { useEffect, useRef } from 'react';
import { EXTENSION_PING_DELAY_MS } from '@hintakori/web-util';
import { useAppDispatch, useAppSelector } from './hooks';
import { withTimeout } from './lazy';
import { extensionDetected } from '../kit/layout/ui.slice';

/** The shell's API work (./startup.ts) with RTK Query, loaded when it first runs rather than with the shell. */
export const loadStartup = () =>
  withTimeout(() => import('./startup')).catch((error: unknown) => {
    console.error('Loading the startup module failed', error);
    throw error;
  });

export const EXTENSION_PING = { type: 'hintakori:ping' } as const;

/** True for the extension's answer: the string 'pong' or an object with type 'pong'. */
export function isPong(data: unknown): boolean {
  if (data === 'pong') return true;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'pong';
}

/** Startup work: categories once, the saved cart, and the browser extension ping. */
export function useAppStartup() {
  const dispatch = useAppDispatch();
  const selectedStores = useAppSelector((s) => s.stores.selected);
  const cartLoaded = useAppSelector((s) => s.cart.loaded);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    loadStartup().then(
      ({ startAppData }) => {
        if (active) stop = startAppData(dispatch);
      },
      () => undefined,
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [dispatch]);

  // Cart lines carry prices of the selected stores; fetch them again after the selection changes.
  const storeKey = selectedStores.map((s) => s.id).join(',');
  const previousKey = useRef(storeKey);
  useEffect(() => {
    if (previousKey.current === storeKey) return;
    previousKey.current = storeKey;
    if (cartLoaded)
      loadStartup().then(
        ({ refreshPricesForStores }) => refreshPricesForStores(dispatch),
        () => undefined,
      );
  }, [storeKey, cartLoaded, dispatch]);

  useExtensionPing();
}

/** Pings the browser extension after 2.5 s; a 'pong' reply sets the extension flag. */
export function useExtensionPing() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window) return;
      if (isPong(event.data)) dispatch(extensionDetected());
    };
    window.addEventListener('message', onMessage);
    const timer = window.setTimeout(() => window.postMessage(EXTENSION_PING, window.location.origin), EXTENSION_PING_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [dispatch]);
}
