import { useSyncExternalStore } from 'react';
import { theme } from '@hintakori/web-ui';

/** The width from which the shell shows its sidebar (the `md` breakpoint: below it, the top bar and its drawer). */
export const WIDE_SCREEN_QUERY = `(min-width: ${theme.breakpoints.md}px)`;

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * True on a screen at least `md` wide, and whenever the width cannot be known (the server's first screen, which
 * serves every width and lets its CSS hide the sidebar; a browser without matchMedia).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? true,
    () => true,
  );
}
