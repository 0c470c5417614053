import { useEffect, useState } from 'react';
import { OPEN_STATUS_REFRESH_MS } from '@hintakori/web-util';

/** Current time, refreshed every 60 s. */
export function useNow(intervalMs: number = OPEN_STATUS_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(t);
  }, [intervalMs]);
  return now;
}
