const K_GROUP_IMAGE_HOST = 'public.keskofiles.com';
export const DEFAULT_PRODUCT_IMAGE = '/images/products/default.svg';

/** Adds resize and format parameters to images on the K group's public file host; other URLs pass unchanged. */
export function productImageUrl(url: string | null | undefined, size: { w: number; h: number }): string {
  if (!url) return DEFAULT_PRODUCT_IMAGE;
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://relative.invalid');
  } catch {
    return url;
  }
  if (parsed.hostname !== K_GROUP_IMAGE_HOST) return url;
  parsed.searchParams.set('w', String(size.w));
  parsed.searchParams.set('h', String(size.h));
  parsed.searchParams.set('fm', 'webp');
  return parsed.toString();
}
