import { K_GROUP, S_GROUP, shopForHost } from '../shops';
import { checklistLines, checklistTotal, formatPrice, progressText, type ApiCart } from './cart';
import { normaliseBaseUrl } from './config';
import { parseHandover } from './handover';

const CART_ID = '0b7c5f0e-3c0a-4f7e-9d5e-2f1a6c3b9e10';

describe('hand-over hash', () => {
  it('reads cart id, external store id, store id and type from the link the site builds', () => {
    const hash = `#${new URLSearchParams({ cartId: CART_ID.toUpperCase(), externalStoreId: 'N106', storeId: '42', type: 'K' })}`;
    expect(parseHandover(hash)).toEqual({ cartId: CART_ID, externalStoreId: 'N106', storeId: 42, type: 'K' });
  });

  it.each([
    ['no hash', ''],
    ['a shop anchor', '#tuotteet'],
    ['a bad cart id', `#cartId=abc&storeId=1&type=K`],
    ['a bad store id', `#cartId=${CART_ID}&storeId=-1&type=K`],
    ['Lidl (no web shop)', `#cartId=${CART_ID}&storeId=1&type=L`],
  ])('ignores %s', (_name, hash) => {
    expect(parseHandover(hash)).toBeNull();
  });
});

describe('shop adapters', () => {
  it('finds the group by the shop host', () => {
    expect(shopForHost('www.k-ruoka.fi')).toBe(K_GROUP);
    expect(shopForHost('www.s-kaupat.fi')).toBe(S_GROUP);
    expect(shopForHost('www.example.fi')).toBeNull();
  });

  it('searches the shop by the term, encoded', () => {
    expect(K_GROUP.searchUrl('6408430000128')).toBe('https://www.k-ruoka.fi/kauppa/tuotehaku?haku=6408430000128');
    expect(S_GROUP.searchUrl('Maito & kerma')).toBe('https://www.s-kaupat.fi/hakutulokset?queryString=Maito%20%26%20kerma');
  });
});

describe('checklist', () => {
  const cart: ApiCart = {
    id: CART_ID,
    items: [
      { quantity: 2, item: { id: 1, name: 'Maito 1 l', urlSlug: 'maito-1', pictureUrl: '/images/products/maito.svg', brandName: 'Valio', ean: '6408430000128', storeItems: [{ storeId: 7, price: 129 }, { storeId: 8, price: 99 }] } },
      { quantity: 1, item: { id: 2, name: 'Ruisleipä', urlSlug: 'ruisleipa-2', pictureUrl: null, brandName: null, ean: null, storeItems: [{ storeId: 8, price: 250 }] } },
    ],
  };

  it("gives each line the chosen store's price, an absolute picture and the EAN (else the name) to search", () => {
    const lines = checklistLines(cart, 7, 'http://localhost:3000');
    expect(lines).toEqual([
      { itemId: 1, name: 'Maito 1 l', quantity: 2, unitPrice: 129, pictureUrl: 'http://localhost:3000/images/products/maito.svg', searchTerm: '6408430000128' },
      { itemId: 2, name: 'Ruisleipä', quantity: 1, unitPrice: null, pictureUrl: null, searchTerm: 'Ruisleipä' },
    ]);
    expect(checklistTotal(lines)).toEqual({ total: 258, missing: 1 });
    expect(progressText(lines, new Set([2]))).toBe('1/2 lisätty');
  });

  it('formats cents as Finnish euros', () => {
    expect(formatPrice(1234)).toBe('12,34 €');
    expect(formatPrice(5)).toBe('0,05 €');
    expect(formatPrice(null)).toBe('--');
  });
});

describe('base URL setting', () => {
  it('accepts the production origins only in the production build', () => {
    expect(normaliseBaseUrl('https://hintakori.fi/ostoskorivertailu')).toBe('https://hintakori.fi');
    expect(normaliseBaseUrl('https://www.hintakori.fi')).toBe('https://www.hintakori.fi');
    expect(normaliseBaseUrl('http://localhost:3000/')).toBeNull();
    expect(normaliseBaseUrl('http://127.0.0.1:3330')).toBeNull();
    expect(normaliseBaseUrl('http://hintakori.fi')).toBeNull();
    expect(normaliseBaseUrl('https://evil.example')).toBeNull();
    expect(normaliseBaseUrl('https://user:pw@hintakori.fi')).toBeNull();
    expect(normaliseBaseUrl('not a url')).toBeNull();
  });

  it('adds the local origins in a development build', () => {
    expect(normaliseBaseUrl('http://localhost:3000/', true)).toBe('http://localhost:3000');
    expect(normaliseBaseUrl('http://127.0.0.1:3330', true)).toBe('http://127.0.0.1:3330');
    expect(normaliseBaseUrl('https://evil.example', true)).toBeNull();
    expect(normaliseBaseUrl('http://localhost.evil.example', true)).toBeNull();
  });
});
