/**
 * The hosts product and offer pictures may come from: those the site's Content-Security-Policy `img-src` allows (the
 * gateway's security-headers.ts), so a picture the ingest keeps is one the browser shows. Price-ingest drops a
 * picture URL on any other host, or not on https. A `*.` entry stands for every subdomain of the rest.
 */
export const PICTURE_HOSTS: readonly string[] = [
  // Open Food Facts (its products' images, and the static files of older ones).
  'images.openfoodfacts.org',
  'static.openfoodfacts.org',
  // The S group's image CDN (S-kaupat).
  'cdn.s-cloud.fi',
  // The K group's files (K-Ruoka's products and offers).
  'public.keskofiles.com',
  // Lidl's image proxy (its site's product images).
  'imgproxy-retcat.assets.schwarz',
  // The map tiles the img-src allows today (no product picture is there, but the list is img-src's).
  'tile.openstreetmap.org',
  '*.tile.openstreetmap.fr',
];

/** Whether `hostname` (lower case, as URL gives it) is one of PICTURE_HOSTS. */
export function isPictureHost(hostname: string, hosts: readonly string[] = PICTURE_HOSTS): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}
