import { NO_CART_ID } from '@hintakori/web-util';
import { fakeResponse } from '../test/render';
import { EARLY_RESPONSE_TTL_MS, firstReads, startEarlyRequests, takeEarlyResponse } from './early-requests';
import { makeStore } from './store';

const page = (pathname: string, more: { search?: string; storeIds?: number[]; cartId?: string } = {}) => ({
  pathname,
  search: more.search ?? '',
  storeIds: more.storeIds ?? [],
  cartId: more.cartId ?? NO_CART_ID,
});

afterEach(() => {
  jest.useRealTimers();
  // Nothing is left over for the next test.
  for (const address of ['/api/categories', '/api/items/38?storeIds=', '/api/items/38?storeIds=3%2C1']) takeEarlyResponse(address);
});

describe('firstReads', () => {
  it("reads the saved cart with the selected stores' prices, and the categories on the pages that show them at once", () => {
    expect(firstReads(page('/'))).toEqual([]);
    expect(firstReads(page('/tietoa', { cartId: 'c 1', storeIds: [3, 1] }))).toEqual(['/api/shoppingCarts/c%201?storeIds=3%2C1']);
    expect(firstReads(page('/kategoria/maito'))).toEqual(['/api/categories']);
    expect(firstReads(page('/kauppalista'))).toEqual(['/api/categories']);
    expect(firstReads(page('/app/login', { cartId: 'c1' }))).toEqual([]);
    expect(firstReads(page('/ostoslista/abc', { cartId: 'c1' }))).toEqual([]);
  });

  it("adds the read of the page shown at the address, built as the page's query builds it", () => {
    expect(firstReads(page('/tuotteet/juustoportti-tilamaito-0-5-l-38'))).toContain('/api/items/38?storeIds=');
    expect(firstReads(page('/tuotteet/juustoportti-tilamaito-0-5-l-38', { storeIds: [3, 1] }))).toContain('/api/items/38?storeIds=3%2C1');
    expect(firstReads(page('/haku', { search: '?search=%20maito%20', storeIds: [2] }))).toContain('/api/items?search=maito&storeIds=2');
    expect(firstReads(page('/kategoria/hedelmat-ja-vihannekset/omenat', { storeIds: [2] }))).toContain(
      '/api/items/categories/hedelmat-ja-vihannekset/omenat?storeIds=2',
    );
    expect(firstReads(page('/kaupat'))).toEqual([]);
    // No stores chosen: the search and category pages ask the shopper to choose them and read nothing.
    expect(firstReads(page('/haku', { search: '?search=maito' }))).toEqual([]);
    expect(firstReads(page('/kategoria/maito'))).toEqual(['/api/categories']);
    expect(firstReads(page('/tuotteet/ei-numeroa'))).toEqual([]);
  });
});

describe('early requests', () => {
  it("hands the product page's read to RTK Query: the item is fetched once, before the page's code asked for it", async () => {
    const item = { id: 38, name: 'Juustoportti tilamaito 0,5 l' };
    const early = jest.fn(async (_address: string, _init?: RequestInit) => fakeResponse(200, item));
    startEarlyRequests(page('/tuotteet/juustoportti-tilamaito-0-5-l-38'), early as unknown as typeof fetch);
    expect(early.mock.calls.map(([address]) => address)).toEqual(['/api/items/38?storeIds=']);
    expect(early.mock.calls[0][1]).toMatchObject({ method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } });

    const later = jest.fn(async () => fakeResponse(200, { id: 38, name: 'fetched twice' }));
    global.fetch = later as unknown as typeof fetch;
    const { itemsApi } = await import('../kit/api/items.api');
    const store = makeStore();
    const result = await store.dispatch(itemsApi.endpoints.getItem.initiate({ id: 38, storeIds: [] }));
    expect(result.data).toEqual(item);
    expect(later).not.toHaveBeenCalled();

    // Given out once: the next read of the same address goes to the server.
    await store.dispatch(itemsApi.endpoints.getItem.initiate({ id: 38, storeIds: [] }, { forceRefetch: true }));
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('sends the request again when the early one failed', async () => {
    startEarlyRequests(page('/kategoria/maito'), (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const categories = [{ id: 1, name: 'Maidot', slug: 'maidot', parentCategoryId: null }];
    const later = jest.fn(async () => fakeResponse(200, categories));
    global.fetch = later as unknown as typeof fetch;
    const { itemsApi } = await import('../kit/api/items.api');
    const result = await makeStore().dispatch(itemsApi.endpoints.getCategories.initiate());
    expect(result.data).toEqual(categories);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('forgets a response no query took in time, so that a later query never gets old data', () => {
    jest.useFakeTimers();
    startEarlyRequests(page('/kategoria/maito'), (async () => fakeResponse(200, [])) as unknown as typeof fetch);
    jest.advanceTimersByTime(EARLY_RESPONSE_TTL_MS + 1);
    expect(takeEarlyResponse('/api/categories')).toBeUndefined();
  });
});
