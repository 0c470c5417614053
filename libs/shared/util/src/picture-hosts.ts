/**
 * The hosts product pictures may come from, one list for both ends: the site's Content-Security-Policy allows
 * `img-src` from exactly these (libs/gateway/api/src/http/security-headers.ts, docker/nginx/security-headers.conf),
 * and ingest keeps a picture URL only when it is https on one of them (anything else would be refused by the browser
 * anyway). Each is the host our sources' own data names:
 * - Open Food Facts (products, and Open Prices' product pictures): images.openfoodfacts.org, static.openfoodfacts.org
 * - S group's S-kaupat: its CDN cdn.s-cloud.fi
 * - K group's K-Ruoka: its public file host public.keskofiles.com
 * - Lidl: the Schwarz group's image proxy imgproxy-retcat.assets.schwarz (libs/price-ingest/service/fixtures/lidl)
 * (The map's tile hosts are the CSP's own, beside these: no product picture is on them.)
 */
export const PICTURE_HOSTS = ['images.openfoodfacts.org', 'static.openfoodfacts.org', 'cdn.s-cloud.fi', 'public.keskofiles.com', 'imgproxy-retcat.assets.schwarz'] as const;

export type PictureHost = (typeof PICTURE_HOSTS)[number];

/** True when `hostname` (a URL's `hostname`) is one of PICTURE_HOSTS (a trailing dot and case aside). */
export function isPictureHost(hostname: string): hostname is PictureHost {
  return (PICTURE_HOSTS as readonly string[]).includes(hostname.toLowerCase().replace(/\.$/, ''));
}
