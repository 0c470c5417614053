/** @jest-environment jsdom */
// Reading the shops' pages from stand-in pages in their markup (../test-pages; each says where its shape comes from).
import { K_GROUP, S_GROUP } from '../shops';
import { isEan } from './ean';
import { centsFromText, comparisonFromText, readCartLines, readProduct, readShopStoreId } from './shop-page';

// The extension's tsconfig has browser types only: the test reads its stand-in pages through jest's Node require.
declare const require: (id: 'node:fs') => { readFileSync(file: string, encoding: 'utf8'): string };
declare const __dirname: string;
const page = (name: string): Document => new DOMParser().parseFromString(require('node:fs').readFileSync(`${__dirname}/../test-pages/${name}`, 'utf8'), 'text/html');
const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe('EAN', () => {
  it('takes EAN-13 and EAN-8 with the right check digit only', () => {
    expect(['6414893386488', '6408430000432', '6418248002382', '6410405091260', '96385074'].every(isEan)).toBe(true);
    expect(['6414893386489', '641489338648', '64148933864880', '6414893386a88', 6414893386488].some(isEan)).toBe(false);
  });
});

describe('S-kaupat product page', () => {
  it('reads the campaign price, the shelf price and the unit price from the Apollo state of __NEXT_DATA__', () => {
    expect(readProduct(S_GROUP, page('s-kaupat-product.html'), '/tuote/kotimaista-kevytmaito-1-l/6414893386488')).toEqual({
      ean: '6414893386488',
      price: 89,
      regularPrice: 105,
      comparisonPrice: 89,
      comparisonUnit: 'l',
    });
  });

  it('after a single-page navigation reads the visible text of the product the URL names, not the stale state', () => {
    const doc = page('s-kaupat-product-text.html');
    expect(readProduct(S_GROUP, doc, '/tuote/valio-luomu-rasvaton-maito-1-l/6408430000432')).toEqual({ ean: '6408430000432', price: 149, comparisonPrice: 149, comparisonUnit: 'l' });
    // The page still shows another product than the URL names (drawn before the new one): nothing.
    expect(readProduct(S_GROUP, doc, '/tuote/jokin-muu/6411300000494')).toBeNull();
  });

  it('reads nothing on a page that is no product page or names a bad EAN', () => {
    const doc = page('s-kaupat-product.html');
    expect(readProduct(S_GROUP, doc, '/hakutulokset')).toBeNull();
    expect(readProduct(S_GROUP, doc, '/tuote/kotimaista-kevytmaito-1-l/6414893386489')).toBeNull();
  });

  it("reads the store the shopper chose from the shop's localStorage store-data", () => {
    const chosen = { cacheVersion: '1.2.17', storeData: { deliveryStore: { __typename: 'DeliveryStore', brand: 'prisma', id: '517609418', name: 'Prisma Kaleva' }, storeId: '517609418', selectedBrand: 'prisma' } };
    expect(readShopStoreId(S_GROUP, storage({ 'store-data': JSON.stringify(chosen) }))).toBe('517609418');
    expect(readShopStoreId(S_GROUP, storage({}))).toBeNull();
    expect(readShopStoreId(S_GROUP, storage({ 'store-data': '{not json' }))).toBeNull();
    expect(readShopStoreId(S_GROUP, storage({ 'store-data': JSON.stringify({ storeData: { storeId: '../../x?y' } }) }))).toBeNull();
    // K-Ruoka's place for the chosen store is not known: never guessed.
    expect(readShopStoreId(K_GROUP, storage({ 'store-data': JSON.stringify(chosen) }))).toBeNull();
  });
});

describe('K-Ruoka product page', () => {
  const doc = page('k-ruoka-product.html');
  const url = '/kauppa/tuote/suvi-porkkanasose-1kg-6418248002382';

  it('reads the discount valid now with the normal price as the shelf price, and the unit price', () => {
    expect(readProduct(K_GROUP, doc, url, Date.parse('2026-02-12T10:00:00Z'))).toEqual({ ean: '6418248002382', price: 299, regularPrice: 576, comparisonPrice: 299, comparisonUnit: 'kg' });
  });

  it('after the discount ended reads the normal price', () => {
    expect(readProduct(K_GROUP, doc, url, Date.parse('2026-02-20T10:00:00Z'))).toEqual({ ean: '6418248002382', price: 576, comparisonPrice: 576, comparisonUnit: 'kg' });
  });

  it('falls back to the visible price when the state has no product of that EAN', () => {
    expect(readProduct(K_GROUP, doc, '/kauppa/tuote/pirkka-iii-olut-033l-45-tlk-si-6410405091260')).toEqual({ ean: '6410405091260', price: 299 });
  });
});

describe('JSON-LD Product', () => {
  it('reads gtin13, the offer price, a ListPrice and a unit price specification', () => {
    const doc = new DOMParser().parseFromString(
      `<script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        gtin13: '6414893386488',
        offers: {
          '@type': 'Offer',
          price: '0.89',
          priceCurrency: 'EUR',
          priceSpecification: [
            { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/ListPrice', price: 1.05 },
            { '@type': 'UnitPriceSpecification', price: 0.89, referenceQuantity: { value: 1, unitCode: 'LTR' } },
          ],
        },
      })}</script>`,
      'text/html',
    );
    expect(readProduct(S_GROUP, doc, '/tuote/maito/6414893386488')).toEqual({ ean: '6414893386488', price: 89, regularPrice: 105, comparisonPrice: 89, comparisonUnit: 'l' });
  });
});

describe('cart pages', () => {
  it("S-kaupat: each product line once, with its quantity; a bad EAN and a stranger's link left out", () => {
    expect(readCartLines(S_GROUP, page('s-kaupat-cart.html'), 'https://www.s-kaupat.fi/ostoskori')).toEqual([
      { ean: '6414893386488', quantity: 3 },
      { ean: '6411300000494', quantity: 1 },
    ]);
  });

  it('K-Ruoka: quantities from the text and from a numeric field', () => {
    expect(readCartLines(K_GROUP, page('k-ruoka-cart.html'), 'https://www.k-ruoka.fi/kauppa/ostoskori')).toEqual([
      { ean: '6418248002382', quantity: 2 },
      { ean: '6410405091260', quantity: 6 },
    ]);
  });

  it('knows the cart pages by their paths', () => {
    expect([S_GROUP.isCartPage('/ostoskori'), S_GROUP.isCartPage('/ostoskori/'), S_GROUP.isCartPage('/tuote/x/6414893386488')]).toEqual([true, true, false]);
    expect(K_GROUP.isCartPage('/kauppa/ostoskori')).toBe(true);
  });
});

describe('prices as text', () => {
  it.each([
    ['1,99 €', 199],
    ['0,89\u00a0€', 89],
    ['12 €', 1200],
    ['2,5', 250],
    ['ei hintaa', null],
    ['0,00 €', null],
  ])('%s → %s', (text, cents) => expect(centsFromText(text)).toBe(cents));

  it('reads a unit price only with a known unit', () => {
    expect(comparisonFromText('3,49 €/kg')).toEqual({ price: 349, unit: 'kg' });
    expect(comparisonFromText('1,20 € / l')).toEqual({ price: 120, unit: 'l' });
    expect(comparisonFromText('1,20 €/xyz')).toBeNull();
  });
});
