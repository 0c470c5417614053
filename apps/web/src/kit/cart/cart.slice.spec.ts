import { sampleItem } from '../../test/render';
import {
  cartCount,
  cartIdReceived,
  cartLoaded,
  cartPricesRefreshed,
  cartReducer,
  initialCartState,
  itemAdded,
  itemDecremented,
  itemIncremented,
  itemRemoved,
  type CartState,
} from './cart.slice';

const reduce = (state: CartState, ...actions: Parameters<typeof cartReducer>[1][]) => actions.reduce(cartReducer, state);

describe('cart reducer', () => {
  it('adds with count 1, increments by 1 and decrements by 1', () => {
    const state = reduce(initialCartState, itemAdded(sampleItem(1)), itemIncremented(1), itemIncremented(1), itemDecremented(1));
    expect(state.items.map((i) => [i.id, i.count])).toEqual([[1, 2]]);
  });

  it('removes the line when decrementing at count 1', () => {
    const state = reduce(initialCartState, itemAdded(sampleItem(1)), itemAdded(sampleItem(2)), itemDecremented(1));
    expect(state.items.map((i) => i.id)).toEqual([2]);
  });

  it('removes lines and counts all units', () => {
    const state = reduce(initialCartState, itemAdded(sampleItem(1)), itemAdded(sampleItem(2)), itemIncremented(2), itemRemoved(1));
    expect(state.items.map((i) => i.id)).toEqual([2]);
    expect(cartCount(state.items)).toBe(2);
  });

  it('replaces the cart id with the id the server answered', () => {
    expect(reduce(initialCartState, cartIdReceived('uuid-1')).id).toBe('uuid-1');
    expect(reduce(initialCartState, cartIdReceived('')).id).toBe('NO_ID');
  });

  it('merges the first server fetch, keeping local counts', () => {
    const local = reduce(initialCartState, itemAdded(sampleItem(2)), itemIncremented(2), itemIncremented(2));
    const state = reduce(
      local,
      cartLoaded({
        id: 'srv',
        items: [
          { item: sampleItem(1), quantity: 4 },
          { item: sampleItem(2), quantity: 1 },
        ],
      }),
    );
    expect(state.loaded).toBe(true);
    expect(state.id).toBe('srv');
    expect(state.items.map((i) => [i.id, i.count])).toEqual([
      [1, 4],
      [2, 3],
    ]);
  });

  it('refreshes only prices of existing lines', () => {
    const local = reduce(initialCartState, itemAdded(sampleItem(1)));
    const fresh = sampleItem(1, {
      storeItems: [{ storeId: 5, price: 199, comparisonPrice: null, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isEstimated: false, updatedAt: null }],
    });
    const state = reduce(
      local,
      cartPricesRefreshed({
        id: 'x',
        items: [
          { item: fresh, quantity: 9 },
          { item: sampleItem(3), quantity: 1 },
        ],
      }),
    );
    expect(state.items).toHaveLength(1);
    expect(state.items[0].count).toBe(1);
    expect(state.items[0].storeItems[0].price).toBe(199);
  });
});
