import type { CartItem } from '../../kit/cart/cart.slice';
import { markCartPricesFetched, offlineTotalsFor, readOfflineCart, saveOfflineCartItems, saveOfflineTotals, totalsKey } from '../../kit/cart/offline-cart';
import { offlineText } from './components/AppNotices';

const item = (id: number): CartItem =>
  ({ id, name: `Tuote ${id}`, urlSlug: `tuote-${id}`, storeItems: [{ storeId: 1, price: 199 }], count: 2 }) as unknown as CartItem;

describe('offline cart snapshot', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the lines with their prices and when the prices were fetched', () => {
    saveOfflineCartItems('cart-1', [item(1)], 1000);
    expect(readOfflineCart()).toMatchObject({ cartId: 'cart-1', items: [item(1)], pricesAt: 1000 });
    saveOfflineCartItems('cart-1', [item(1), item(2)], 5000);
    expect(readOfflineCart().pricesAt).toBe(1000);
    markCartPricesFetched('cart-1', 9000);
    expect(readOfflineCart()).toMatchObject({ items: [item(1), item(2)], pricesAt: 9000 });
  });

  it('starts over for another cart and survives damaged storage', () => {
    saveOfflineCartItems('cart-1', [item(1)], 1000);
    saveOfflineTotals('k', { '1': { total: 398, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true } });
    saveOfflineCartItems('cart-2', [item(3)], 2000);
    expect(readOfflineCart()).toEqual({ cartId: 'cart-2', items: [item(3)], pricesAt: 2000, totals: null });
    localStorage.setItem('hintakori.offlineCart', '{broken');
    expect(readOfflineCart().items).toEqual([]);
  });

  it('gives back store totals only for the same stores and lines', () => {
    const key = totalsKey([1, 2], [{ itemId: 5, quantity: 2 }]);
    saveOfflineTotals(key, { '1': { total: 398, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true } });
    expect(offlineTotalsFor(key)).toMatchObject({ '1': { total: 398 } });
    expect(offlineTotalsFor(totalsKey([1, 2], [{ itemId: 5, quantity: 3 }]))).toBeNull();
    expect(offlineTotalsFor(totalsKey([1], [{ itemId: 5, quantity: 2 }]))).toBeNull();
  });

  it("says when the prices were fetched in the banner, in Finnish time", () => {
    expect(offlineText(Date.UTC(2026, 10, 24, 17, 5))).toBe('Olet offline-tilassa – hinnat päivitetty 24.11.2026 klo 19.05');
    expect(offlineText(null)).toBe('Olet offline-tilassa');
  });
});
