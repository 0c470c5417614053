import { config } from '../../app/config';

export type ErrorKind = 'boundary' | 'window' | 'promise';

const MAX_REPORTS_PER_PAGE_LOAD = 10;
const sent = new Set<string>();

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`.slice(0, 2000), stack: error.stack?.slice(0, 10000) ?? null };
  if (typeof error === 'string') return { message: error.slice(0, 2000), stack: null };
  try {
    return { message: JSON.stringify(error)?.slice(0, 2000) ?? String(error), stack: null };
  } catch {
    return { message: String(error).slice(0, 2000), stack: null };
  }
}

/**
 * Sends an error to the gateway's error-reporting endpoint. Each distinct message is sent once per page
 * load and at most ten in all, so a render loop cannot flood the server; reporting never throws.
 */
export function reportError(error: unknown, kind: ErrorKind): boolean {
  const { message, stack } = describe(error);
  const key = `${kind}:${message}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS_PER_PAGE_LOAD) return false;
  sent.add(key);
  const body = JSON.stringify({ message, stack, kind, url: `${window.location.pathname}${window.location.search}`.slice(0, 2000) });
  try {
    void fetch(`${config.apiBaseUrl}/client-errors`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true, credentials: 'include' }).catch(() => undefined);
  } catch {
    // reporting must never break the page
  }
  return true;
}

/** Reports uncaught errors and unhandled promise rejections of the whole page. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'window'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'promise'));
}

/** For tests: forget what was sent. */
export function resetErrorReporting(): void {
  sent.clear();
}
