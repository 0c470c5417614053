import { makeStore } from '../../app/store';
import { fakeResponse, sampleItem } from '../../test/render';
import { addToCart, cartQueueIdle, decrementInCart, ensureCartLoaded, incrementInCart, resetCartThunkState } from './cart.thunks';

describe('cart thunks', () => {
  let calls: Array<{ method: string; url: string }>;
  let nextId: number;

  beforeEach(() => {
    resetCartThunkState();
    calls = [];
    nextId = 1;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url });
      if (url.includes('/shoppingCarts/existing') && (init?.method ?? 'GET') === 'GET') {
        return fakeResponse(200, { id: 'existing', items: [{ item: sampleItem(9), quantity: 2 }] });
      }
      return fakeResponse(200, { id: `cart-${nextId++}` });
    }) as unknown as typeof fetch;
  });

  it('applies changes locally at once and sends them in order with the latest id', async () => {
    const store = makeStore();
    const item = sampleItem(1);
    void store.dispatch(addToCart(item));
    // Local state changes before any response arrives.
    expect(store.getState().cart.items[0].count).toBe(1);
    void store.dispatch(incrementInCart(1));
    void store.dispatch(addToCart(sampleItem(2)));
    expect(store.getState().cart.items.map((i) => [i.id, i.count])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    await cartQueueIdle();
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/shoppingCarts/NO_ID/items/1' },
      { method: 'POST', url: '/api/shoppingCarts/cart-1/items/1/increment' },
      { method: 'PUT', url: '/api/shoppingCarts/cart-2/items/2' },
    ]);
    expect(store.getState().cart.id).toBe('cart-3');
  });

  it('removes with DELETE when minus is pressed at count 1, otherwise decrements', async () => {
    const store = makeStore();
    void store.dispatch(addToCart(sampleItem(1)));
    void store.dispatch(incrementInCart(1));
    void store.dispatch(decrementInCart(1));
    void store.dispatch(decrementInCart(1));
    expect(store.getState().cart.items).toEqual([]);
    await cartQueueIdle();
    expect(calls.map((c) => c.method + ' ' + c.url.replace(/cart-\d+/, 'ID'))).toEqual([
      'PUT /api/shoppingCarts/NO_ID/items/1',
      'POST /api/shoppingCarts/ID/items/1/increment',
      'POST /api/shoppingCarts/ID/items/1/decrement',
      'DELETE /api/shoppingCarts/ID/items/1',
    ]);
  });

  it('keeps the optimistic state when the server fails and logs the error', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    global.fetch = jest.fn(async () => fakeResponse(500, {})) as unknown as typeof fetch;
    const store = makeStore();
    void store.dispatch(addToCart(sampleItem(1)));
    await cartQueueIdle();
    expect(store.getState().cart.items).toHaveLength(1);
    expect(store.getState().cart.id).toBe('NO_ID');
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('fetches an existing cart once per session', async () => {
    const store = makeStore({ cart: { id: 'existing', items: [], loaded: false } });
    await store.dispatch(ensureCartLoaded());
    await store.dispatch(ensureCartLoaded());
    await cartQueueIdle();
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(store.getState().cart.items.map((i) => [i.id, i.count])).toEqual([[9, 2]]);
    expect(store.getState().cart.loaded).toBe(true);
  });

  it('does not fetch without a cart id', async () => {
    const store = makeStore();
    await store.dispatch(ensureCartLoaded());
    expect(calls).toHaveLength(0);
    expect(store.getState().cart.loaded).toBe(true);
  });
});
