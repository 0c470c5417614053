import { fakeResponse } from '../test/render';
import { drawerToggled } from '../kit/layout/ui.slice';
import { makeStore } from './store';

describe('store', () => {
  it('starts with the shell slices only and gains the API slice when app/api.ts loads', async () => {
    const early = makeStore();
    expect(Object.keys(early.getState()).sort()).toEqual(['cards', 'cart', 'categories', 'stores', 'ui']);

    await import('./api');
    expect(early.getState().api).toMatchObject({ queries: {}, mutations: {} });
    expect(makeStore().getState().api).toMatchObject({ queries: {}, mutations: {} });
  });

  it('runs queries through the API middleware and fills the categories slice', async () => {
    const { itemsApi } = await import('../kit/api/items.api');
    const categories = [{ id: 1, name: 'Maidot', slug: 'maidot', parentCategoryId: null }];
    global.fetch = jest.fn(async () => fakeResponse(200, categories)) as unknown as typeof fetch;
    const store = makeStore();
    const result = await store.dispatch(itemsApi.endpoints.getCategories.initiate());
    expect(result.data).toEqual(categories);
    // The slice is filled once the query's fulfilment has been handled.
    await Promise.resolve();
    expect(store.getState().categories).toEqual({ list: categories, loaded: true });
  });

  it('notifies subscribers at once of shell actions and later, together, of RTK Query bookkeeping', () => {
    const store = makeStore();
    // The API middleware announces itself on the first action it sees; that one is not batched.
    store.dispatch({ type: 'first' });
    const listener = jest.fn();
    store.subscribe(listener);
    store.dispatch({ type: 'api/bookkeeping', meta: { RTK_autoBatch: true } });
    expect(listener).not.toHaveBeenCalled();
    store.dispatch(drawerToggled(true));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().ui.drawerOpen).toBe(true);
  });
});
