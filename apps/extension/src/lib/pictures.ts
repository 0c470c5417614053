/**
 * The hosts a product picture may come from in the panel: the ones the site's Content-Security-Policy lets its own
 * pages load (`img-src`), so the extension shows no picture the site would refuse. Extension-local copy, as the
 * extension builds without the workspace's path aliases: the hosts of `IMAGE_HOSTS` in
 * libs/gateway/api/src/http/security-headers.ts (OpenStreetMap tiles, the S group's CDN, the K group's file host),
 * Open Food Facts' image hosts and Lidl's image host (libs/price-ingest/service/fixtures/lidl/*.json). Keep it in
 * step with those. `*.` matches any subdomain, as in CSP.
 */
export const PICTURE_HOSTS: readonly string[] = [
  'tile.openstreetmap.org',
  '*.tile.openstreetmap.fr',
  'cdn.s-cloud.fi',
  'public.keskofiles.com',
  'images.openfoodfacts.org',
  'static.openfoodfacts.org',
  'imgproxy-retcat.assets.schwarz',
];

function listedHost(hostname: string): boolean {
  return PICTURE_HOSTS.some((host) => (host.startsWith('*.') ? hostname.endsWith(host.slice(1)) && hostname.length > host.length - 1 : hostname === host));
}

/**
 * The picture URL when the panel may load it, else null: `https` on a listed host, or the Hintakori site the cart
 * came from (`siteBaseUrl`, already on the extension's allow-list). No credentials in the URL, no other scheme.
 */
export function allowedPictureUrl(raw: string | null, siteBaseUrl: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  let site: string | null = null;
  try {
    site = new URL(siteBaseUrl).origin;
  } catch {
    site = null;
  }
  if (site && url.origin === site && (url.protocol === 'https:' || url.protocol === 'http:')) return url.href;
  return url.protocol === 'https:' && listedHost(url.hostname) ? url.href : null;
}
