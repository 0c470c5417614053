// The comparison on a shop's product and cart pages (content script side): which page this is, what it shows, the
// background worker's answer, and the panel. The shops are single-page apps, so the page is watched: a MutationObserver
// and popstate (debounced) and a cheap look at the URL each second; each new URL is a new view. Content scripts run in
// an isolated world, so hooking the page's own history.pushState is not possible from here.
import { ext } from '../lib/browser';
import { cartTotalRows, compareProduct, importUrl } from '../lib/compare';
import type { CartTotalsResponse, ExtensionMessage, ProductResponse } from '../lib/messages';
import { STORAGE } from '../lib/messages';
import { type CartLine, readCartLines, readProduct, readShopStoreId, type ShownProduct } from '../lib/shop-page';
import type { ShopAdapter } from '../shops';
import { COMPARISON_HOST_ID, type ComparisonView, renderComparison } from './comparison-panel';
import { mountPanel } from './panel';

const DEBOUNCE_MS = 300;
/** How long a new view waits for the page to draw its product or cart (the shops load them after the URL changes). */
const READ_FOR_MS = 15_000;
const READ_EVERY_MS = 500;

const send = <T>(message: ExtensionMessage): Promise<T | null> => ext.runtime.sendMessage(message).then((r) => (r ?? null) as T | null, () => null);

export function startComparison(shop: ShopAdapter): void {
  let expanded = false;
  let current: { url: string; id: number; view: ComparisonView; cartKey: string } | null = null;
  let views = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const draw = () => {
    if (!current) return;
    const { root } = mountPanel(COMPARISON_HOST_ID);
    renderComparison(root, current.view, expanded, {
      onExpand: (value) => {
        expanded = value;
        draw();
      },
      onClose: () => {
        void ext.storage.local.set({ [STORAGE.comparisonClosed(shop.id)]: true });
        unmount();
      },
    });
  };
  const unmount = () => document.getElementById(COMPARISON_HOST_ID)?.remove();
  const show = (id: number, view: ComparisonView) => {
    if (current?.id !== id) return; // the shopper moved on
    current.view = view;
    draw();
  };

  const update = async () => {
    const url = `${location.origin}${location.pathname}${location.search}`;
    if (current?.url === url) {
      if (shop.isCartPage(location.pathname)) void refreshCart(current.id);
      return;
    }
    const id = ++views;
    current = { url, id, view: { kind: 'loading' }, cartKey: '' };
    const ean = shop.productEan(location.pathname);
    const onCart = shop.isCartPage(location.pathname);
    if (!ean && !onCart) return unmount();
    const closed = (await ext.storage.local.get(STORAGE.comparisonClosed(shop.id)))[STORAGE.comparisonClosed(shop.id)] === true;
    if (ean) void observe(id, ean); // shared (when the shopper said yes) even with the panel closed
    if (closed) return unmount();
    draw();
    if (ean) void productView(id, ean);
    else void refreshCart(id);
  };

  /** Reads the product page until it shows this product, then hands the reading to the worker once for this view. */
  const observe = async (id: number, ean: string) => {
    const shown = await readSoon(() => readProduct(shop, document, location.pathname), () => current?.id === id);
    if (!shown || shown.ean !== ean || current?.id !== id) return;
    shownPrices.set(id, shown);
    if (current.view.kind === 'product') show(id, { ...current.view, shownPrice: shown.price });
    await send({ type: 'hintakori:observed', shop: shop.id, shopStoreId: readShopStoreId(shop, window.localStorage), product: shown, viewId: `${id}:${location.pathname}` });
  };
  const shownPrices = new Map<number, ShownProduct>();

  const productView = async (id: number, ean: string) => {
    const answer = await send<ProductResponse>({ type: 'hintakori:product', ean });
    if (!answer) return show(id, { kind: 'error', message: 'Laajennuksen taustaosa ei vastannut. Lataa sivu uudelleen.' });
    if (!answer.ok) return show(id, { kind: 'error', message: answer.message });
    if (answer.stores.length === 0) return show(id, { kind: 'no-stores', baseUrl: answer.baseUrl });
    if (!answer.item) return show(id, { kind: 'unknown' });
    const shownPrice = shownPrices.get(id)?.price ?? null;
    show(id, { kind: 'product', comparison: compareProduct(answer.item, answer.history, answer.stores, shownPrice, answer.baseUrl), shownPrice });
  };

  /** The cart's lines as the page shows them now; asks for totals again only when they changed. */
  let cartReading = false;
  const refreshCart = async (id: number) => {
    if (cartReading) return; // one reading at a time: the page's own changes call this often
    cartReading = true;
    const lines = await readSoon(() => {
      const read = readCartLines(shop, document, location.href);
      return read.length > 0 ? read : null;
    }, () => current?.id === id).finally(() => (cartReading = false));
    if (!lines || current?.id !== id) return;
    const key = JSON.stringify(lines);
    if (key === current.cartKey) return;
    current.cartKey = key;
    const answer = await send<CartTotalsResponse>({ type: 'hintakori:cart-totals', lines: lines as CartLine[] });
    if (current?.id !== id || current.cartKey !== key) return;
    if (!answer) return show(id, { kind: 'error', message: 'Laajennuksen taustaosa ei vastannut. Lataa sivu uudelleen.' });
    if (!answer.ok) return show(id, { kind: 'error', message: answer.message });
    if (answer.stores.length === 0) return show(id, { kind: 'no-stores', baseUrl: answer.baseUrl });
    const known = answer.lines.filter((l): l is { ean: string; quantity: number; itemId: number } => l.itemId !== null);
    show(id, {
      kind: 'cart',
      rows: cartTotalRows(answer.totals, answer.stores),
      importUrl: known.length > 0 ? importUrl(answer.baseUrl, known) : null,
      unknownLines: answer.lines.length - known.length,
      lines: answer.lines.length,
    });
  };

  const check = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };
  new MutationObserver(check).observe(document.documentElement, { childList: true, subtree: true });
  window.addEventListener('popstate', check);
  let lastHref = location.href;
  setInterval(() => {
    if (location.href !== lastHref) {
      lastHref = location.href;
      check();
    }
  }, 1_000);
  void update();
}

/** `read()` until it gives something, every half second for a while, while `still()` holds. */
async function readSoon<T>(read: () => T | null, still: () => boolean): Promise<T | null> {
  const until = Date.now() + READ_FOR_MS;
  for (;;) {
    const value = read();
    if (value !== null) return value;
    if (Date.now() > until || !still()) return null;
    await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
  }
}
