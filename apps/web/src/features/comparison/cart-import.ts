import type { Item } from '../../app/models';
import type { AppThunk } from '../../app/store';
import { itemsApi } from '../../kit/api/items.api';
import { addToCart, cartQueueIdle, ensureCartLoaded, incrementInCart } from '../../kit/cart/cart.thunks';

/*
 * "Vie Hintakoriin" in the extension: it opens /ostoskorivertailu#tuo=<itemId>x<qty>,… with the lines of a web
 * shop's cart that Hintakori knows. The lines are in the hash, not the query, so they never reach the server's logs
 * or the first screen's cache, and the page can take them out of the address without a reload.
 */

/** One line to import: a Hintakori item id and how many. */
export interface CartImportLine {
  itemId: number;
  quantity: number;
}

/** The most lines one import takes (the rest are left out), and the quantity bounds of a line. */
export const CART_IMPORT_LIMITS = { lines: 200, minQuantity: 1, maxQuantity: 99 } as const;

/** The largest id the API accepts (a 32-bit integer): a larger one can name no item. */
const MAX_ITEM_ID = 2_147_483_647;

const LINE = /^(\d{1,10})x(\d+)$/i;

/**
 * The lines of `#tuo=…` in a location hash; null when the hash has no `tuo` (nothing to import). The address comes
 * from outside, so each part is read strictly: a part that is not `<id>x<qty>`, or an id of 0 or beyond the API's
 * ids, is skipped; a quantity out of 1…99 is clamped; an item named twice is one line with the quantities added
 * (clamped too); lines past the 200th are left out.
 */
export function parseCartImport(hash: string): CartImportLine[] | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tuo');
  if (value === null) return null;
  const lines = new Map<number, number>();
  for (const part of value.split(',')) {
    const match = LINE.exec(part.trim());
    if (!match) continue;
    const itemId = Number(match[1]);
    if (itemId < 1 || itemId > MAX_ITEM_ID) continue;
    const known = lines.get(itemId);
    if (known === undefined && lines.size >= CART_IMPORT_LIMITS.lines) continue;
    lines.set(itemId, clampQuantity((known ?? 0) + Number(match[2])));
  }
  return [...lines].map(([itemId, quantity]) => ({ itemId, quantity }));
}

const clampQuantity = (n: number) => Math.min(CART_IMPORT_LIMITS.maxQuantity, Math.max(CART_IMPORT_LIMITS.minQuantity, n));

/** What the page says after an import of `added` lines. */
export function cartImportText(added: number): string {
  if (added === 0) return 'Verkkokaupan ostoskorista ei löytynyt Hintakorin tuotteita.';
  return `Verkkokaupan ostoskorista tuotiin ${added} ${added === 1 ? 'tuote' : 'tuotetta'}.`;
}

/** Items fetched at once: the browser's connections to one host, so an import of 200 lines does not queue them all. */
const FETCHES_AT_ONCE = 6;

/**
 * Adds the lines to the shopper's own cart through the cart's thunks (so the server cart and the offline copy follow)
 * and resolves with the count of lines added. The saved cart is loaded first, so a line already in it gets the
 * imported quantity on top and nothing in the cart is lost. An id no item has (404) or an item that could not be
 * fetched is skipped.
 */
export const importCartLines =
  (lines: readonly CartImportLine[]): AppThunk<Promise<number>> =>
  async (dispatch, getState) => {
    await dispatch(ensureCartLoaded());
    // The load may have been queued already by the app's startup: its lines must be in before ours are added.
    await cartQueueIdle();
    const storeIds = getState().stores.selected.map((s) => s.id);
    const found: Array<{ item: Item; quantity: number }> = [];
    for (let i = 0; i < lines.length; i += FETCHES_AT_ONCE) {
      const batch = lines.slice(i, i + FETCHES_AT_ONCE);
      const results = await Promise.all(
        batch.map((line) => dispatch(itemsApi.endpoints.getItem.initiate({ id: line.itemId, storeIds }, { subscribe: false }))),
      );
      results.forEach((result, j) => {
        if (result.data) found.push({ item: result.data, quantity: batch[j].quantity });
      });
    }
    for (const { item, quantity } of found) {
      void dispatch(addToCart(item));
      for (let n = 1; n < quantity; n++) void dispatch(incrementInCart(item.id));
    }
    await cartQueueIdle();
    return found.length;
  };
