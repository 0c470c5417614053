/**
 * Where the Hintakori site and its API live. The extension talks to nothing else: the shop pages only
 * get a panel drawn by the content script, and every API call goes out from the background worker.
 */
export const PRODUCTION_BASE_URL = 'https://hintakori.fi';
export const LOCAL_BASE_URL = 'http://localhost:3000';

declare const __HINTAKORI_DEV__: boolean | undefined;

/**
 * True in a development build (`EXTENSION_DEV=1 npm run build:extension`, into dist/extension-dev), which adds the
 * local site; false in the production build whose zips the gateway serves at /lisaosa. esbuild's `define` fixes it
 * at build time; a test sets `globalThis.__HINTAKORI_DEV__` before it loads a module.
 */
export const DEV_BUILD: boolean = typeof __HINTAKORI_DEV__ !== 'undefined' && __HINTAKORI_DEV__ === true;

/** Match patterns of the production site (content script that answers the ping, host permission of the API). */
const PRODUCTION_MATCHES = ['https://hintakori.fi/*', 'https://www.hintakori.fi/*'];
/** Added by a development build only: `http://localhost/*` and `http://127.0.0.1/*` match every port, so the standalone profile works on any PORT. */
const LOCAL_MATCHES = ['http://localhost/*', 'http://127.0.0.1/*'];

/** Match patterns of the Hintakori site and its API: production only, plus the local site in a development build. */
export function siteMatches(dev: boolean = DEV_BUILD): string[] {
  return dev ? [...PRODUCTION_MATCHES, ...LOCAL_MATCHES] : [...PRODUCTION_MATCHES];
}

const SITE_HOSTS = new Set(['hintakori.fi', 'www.hintakori.fi']);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The allow-list of origins the extension may call as its API, applied to a base URL typed by the user, recorded from
 * the site's ping or read back from storage: `https://hintakori.fi` and `https://www.hintakori.fi`, and in a
 * development build `http://localhost:<port>` and `http://127.0.0.1:<port>`. Anything else gives null.
 */
export function normaliseBaseUrl(raw: string, dev: boolean = DEV_BUILD): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' && SITE_HOSTS.has(url.hostname)) return url.origin;
  if (dev && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return url.origin;
  return null;
}

/** The allowed base URLs in words, for the options page. */
export function allowedBaseUrlsText(dev: boolean = DEV_BUILD): string {
  return dev ? `${PRODUCTION_BASE_URL} tai paikallinen http://localhost:<portti>` : PRODUCTION_BASE_URL;
}
