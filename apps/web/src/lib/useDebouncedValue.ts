import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@hintakori/web-util';

/** The value after it has stayed unchanged for `delayMs` (500 ms by default). */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(t);
  }, [value, delayMs]);
  return debounced;
}
