/**
 * Where the Hintakori site and its API live. The extension talks to nothing else: the shop pages only
 * get a panel drawn by the content script, and every API call goes out from the background worker.
 */
export const PRODUCTION_BASE_URL = 'https://hintakori.fi';
export const LOCAL_BASE_URL = 'http://localhost:3000';

/**
 * Match patterns of the Hintakori site (content script that answers the ping) and of its API
 * (host permission of the background worker). `http://localhost/*` and `http://127.0.0.1/*` match every
 * port, so the standalone profile works on any PORT.
 */
export const SITE_MATCHES = ['https://hintakori.fi/*', 'https://www.hintakori.fi/*', 'http://localhost/*', 'http://127.0.0.1/*'];

const SITE_HOSTS = new Set(['hintakori.fi', 'www.hintakori.fi']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * Normalises a base URL typed by the user (or recorded from the site) to an origin the extension may
 * call, or null when the host is outside its permissions.
 */
export function normaliseBaseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' && SITE_HOSTS.has(url.hostname)) return url.origin;
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return url.origin;
  return null;
}
