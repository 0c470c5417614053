import { IMAGE_SIZES } from './constants';
import { DEFAULT_PRODUCT_IMAGE, productImageUrl } from './images';

describe('productImageUrl', () => {
  it('adds resize and webp parameters on the K group image host', () => {
    const url = productImageUrl('https://public.keskofiles.com/f/k-ruoka/product/6410405082657', IMAGE_SIZES.page);
    const parsed = new URL(url);
    expect(parsed.hostname).toBe('public.keskofiles.com');
    expect(parsed.searchParams.get('w')).toBe('240');
    expect(parsed.searchParams.get('h')).toBe('300');
    expect(parsed.searchParams.get('fm')).toBe('webp');
  });

  it('leaves other images alone and falls back to the default picture', () => {
    expect(productImageUrl('/images/products/juomat.svg', IMAGE_SIZES.card)).toBe('/images/products/juomat.svg');
    expect(productImageUrl('https://cdn.s-cloud.fi/x.jpg', IMAGE_SIZES.thumb)).toBe('https://cdn.s-cloud.fi/x.jpg');
    expect(productImageUrl(null, IMAGE_SIZES.thumb)).toBe(DEFAULT_PRODUCT_IMAGE);
  });

  it('knows the four product image sizes', () => {
    expect(Object.values(IMAGE_SIZES).map((s) => `${s.w}x${s.h}`).sort()).toEqual(['240x300', '40x40', '64x80', '96x96']);
  });
});
