// Background worker (service worker in Chromium, event page in Firefox). The only place that talks to
// the network, and only to the Hintakori API (the extension's host permission), without cookies: the shop page's
// origin never calls Hintakori and Hintakori never sees the shop's cookies or the shopper's account there.
import { ext } from './lib/browser';
import { type ApiHistory, type ApiItemPrices, type ApiStoreTotal, IMPORT_MAX_LINES, type KnownStore } from './lib/compare';
import { normaliseBaseUrl, PRODUCTION_BASE_URL } from './lib/config';
import { isEan } from './lib/ean';
import { isCartId, isStoreId } from './lib/handover';
import { type CartResponse, type CartTotalsResponse, type ExtensionMessage, type ObservedResponse, type ProductResponse, STORAGE } from './lib/messages';
import { priceReport } from './lib/report';
import type { CartLine } from './lib/shop-page';

const FETCH_TIMEOUT_MS = 15_000;

ext.runtime.onMessage.addListener((message: ExtensionMessage, sender, sendResponse) => {
  if (sender.id !== ext.runtime.id) return false;
  if (message?.type === 'hintakori:site-seen') {
    // Only from the top frame of a tab; rememberSite checks the tab's origin against the allow-list.
    if (sender.tab && sender.frameId === 0) void rememberSite(sender.url);
    return false;
  }
  if (message?.type === 'hintakori:site-state') {
    // The same check as the ping: only the Hintakori site on the allow-list, in a tab's top frame, says which stores.
    if (sender.tab && sender.frameId === 0 && sender.url && normaliseBaseUrl(sender.url)) void rememberSiteState(message.selectedStores, message.memberCards);
    return false;
  }
  // The shop pages' messages: only from a tab's top frame (no frame the shop embeds speaks for it).
  if (!sender.tab || sender.frameId !== 0) return false;
  if (message?.type === 'hintakori:cart') {
    void loadCart(message.cartId, message.storeId).then(sendResponse);
    return true; // answers asynchronously
  }
  if (message?.type === 'hintakori:product') {
    void loadProduct(message.ean).then(sendResponse);
    return true;
  }
  if (message?.type === 'hintakori:cart-totals') {
    void loadCartTotals(message.lines).then(sendResponse);
    return true;
  }
  if (message?.type === 'hintakori:observed') {
    void shareObserved(message, sender.tab.id ?? -1).then(sendResponse);
    return true;
  }
  return false;
});

const MAX_STORES = 20;
const MEMBER_CARDS = ['k-plussa', 'lidl-plus', 's-etukortti'];

/** Keeps the site's store choice and cards; what the page's localStorage held is checked like any stranger's input. */
async function rememberSiteState(selectedStores: unknown, memberCards: unknown): Promise<void> {
  const stores: KnownStore[] = [];
  for (const store of Array.isArray(selectedStores) ? selectedStores : []) {
    const id = (store as { id?: unknown } | null)?.id;
    const name = (store as { name?: unknown }).name;
    if (!isStoreId(id) || stores.some((s) => s.id === id)) continue;
    stores.push({ id, name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 120) : `Kauppa ${id}` });
    if (stores.length === MAX_STORES) break;
  }
  const cards = MEMBER_CARDS.filter((card) => Array.isArray(memberCards) && memberCards.includes(card));
  await ext.storage.local.set({ [STORAGE.selectedStores]: stores, [STORAGE.memberCards]: cards });
}

async function knownStores(): Promise<{ stores: KnownStore[]; cards: string[] }> {
  const stored = await ext.storage.local.get([STORAGE.selectedStores, STORAGE.memberCards]);
  const stores = Array.isArray(stored[STORAGE.selectedStores]) ? (stored[STORAGE.selectedStores] as KnownStore[]).filter((s) => isStoreId(s?.id)) : [];
  const cards = Array.isArray(stored[STORAGE.memberCards]) ? (stored[STORAGE.memberCards] as string[]).filter((c) => MEMBER_CARDS.includes(c)) : [];
  return { stores, cards };
}

/** The product in the shopper's stores and its history; `item: null` when Hintakori does not know the EAN. */
async function loadProduct(ean: unknown): Promise<ProductResponse> {
  const baseUrl = await apiBaseUrl();
  if (!isEan(ean)) return { ok: false, baseUrl, message: 'Virheellinen EAN-koodi.' };
  const { stores } = await knownStores();
  if (stores.length === 0) return { ok: true, baseUrl, stores, item: null, history: null };
  const ids = stores.map((s) => s.id).join(',');
  try {
    const found = await getJson(`${baseUrl}/api/items/byEan/${ean}?storeIds=${ids}`);
    if (found.status === 404) return { ok: true, baseUrl, stores, item: null, history: null };
    const item = found.body as ApiItemPrices | null;
    if (!found.ok || !item || !isStoreId(item.id) || !Array.isArray(item.storeItems)) return { ok: false, baseUrl, message: `Hintakori vastasi virheellä ${found.status}.` };
    const history = await getJson(`${baseUrl}/api/items/${item.id}/history?storeIds=${ids}`).catch(() => null);
    const stores60 = history?.ok && Array.isArray((history.body as ApiHistory | null)?.stores) ? (history.body as ApiHistory) : null;
    return { ok: true, baseUrl, stores, item, history: stores60 };
  } catch {
    return { ok: false, baseUrl, message: `Hintakoriin (${baseUrl}) ei saatu yhteyttä.` };
  }
}

/** The shop's cart in the shopper's stores: each EAN resolved to Hintakori's item, then `storeTotals` with the cards. */
async function loadCartTotals(raw: unknown): Promise<CartTotalsResponse> {
  const baseUrl = await apiBaseUrl();
  const lines = (Array.isArray(raw) ? (raw as CartLine[]) : [])
    .filter((l) => isEan(l?.ean) && Number.isInteger(l.quantity) && l.quantity >= 1 && l.quantity <= 99)
    .slice(0, IMPORT_MAX_LINES);
  const { stores, cards } = await knownStores();
  if (stores.length === 0 || lines.length === 0) return { ok: true, baseUrl, stores, totals: {}, lines: lines.map((l) => ({ ...l, itemId: null })) };
  try {
    const resolved: { ean: string; quantity: number; itemId: number | null }[] = [];
    // A few at a time: a full cart must not flood the API.
    for (let i = 0; i < lines.length; i += 4) {
      const batch = await Promise.all(lines.slice(i, i + 4).map(async (line) => ({ ...line, itemId: await itemIdOf(baseUrl, line.ean) })));
      resolved.push(...batch);
    }
    const items = resolved.filter((l) => l.itemId !== null).map((l) => ({ itemId: l.itemId as number, quantity: l.quantity }));
    if (items.length === 0) return { ok: true, baseUrl, stores, totals: {}, lines: resolved };
    const body = { storeIds: stores.map((s) => s.id), items, ...(cards.length > 0 ? { cards } : {}) };
    const answer = await sendJson('POST', `${baseUrl}/api/shoppingCartComparisons/storeTotals`, body);
    if (!answer.ok || typeof answer.body !== 'object' || answer.body === null) return { ok: false, baseUrl, message: `Hintakori vastasi virheellä ${answer.status}.` };
    return { ok: true, baseUrl, stores, totals: answer.body as Record<string, ApiStoreTotal>, lines: resolved };
  } catch {
    return { ok: false, baseUrl, message: `Hintakoriin (${baseUrl}) ei saatu yhteyttä.` };
  }
}

/** EAN → Hintakori's item id (null when unknown), remembered while the worker lives. */
const itemIds = new Map<string, number | null>();
async function itemIdOf(baseUrl: string, ean: string): Promise<number | null> {
  const key = `${baseUrl} ${ean}`;
  if (itemIds.has(key)) return itemIds.get(key) as number | null;
  const found = await getJson(`${baseUrl}/api/items/byEan/${ean}`);
  if (!found.ok && found.status !== 404) throw new Error(`byEan ${found.status}`);
  const id = found.ok ? (found.body as { id?: unknown } | null)?.id : null;
  const itemId = isStoreId(id) ? id : null;
  itemIds.set(key, itemId);
  return itemId;
}

/** Product page views already shared (tab and view), so a view is reported at most once. */
const sharedViews = new Set<string>();

/**
 * Shares what a product page showed, only when the shopper turned sharing on: the shop's store id becomes
 * Hintakori's (`GET /api/stores/byShopStoreId`, remembered), then one `POST /api/price-reports` without cookies.
 * Off, unknown store or a bad reading: nothing is sent at all.
 */
async function shareObserved(message: Extract<ExtensionMessage, { type: 'hintakori:observed' }>, tabId: number): Promise<ObservedResponse> {
  const consent = await ext.storage.local.get(STORAGE.sharePrices);
  if (consent[STORAGE.sharePrices] !== true) return { sent: false, reason: 'off' };
  const view = `${tabId}:${String(message.viewId).slice(0, 80)}`;
  if (sharedViews.has(view)) return { sent: false, reason: 'repeat' };
  const shop = message.shop === 's-kaupat' || message.shop === 'k-ruoka' ? message.shop : null;
  const shopStoreId = typeof message.shopStoreId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(message.shopStoreId) ? message.shopStoreId : null;
  if (!shop) return { sent: false, reason: 'invalid' };
  if (!shopStoreId) return { sent: false, reason: 'no-store' };
  const baseUrl = await apiBaseUrl();
  try {
    const storeId = await hintakoriStoreId(baseUrl, shop, shopStoreId);
    if (storeId === null) return { sent: false, reason: 'no-store' };
    const body = priceReport(message.product, storeId, new Date());
    if (!body) return { sent: false, reason: 'invalid' };
    sharedViews.add(view);
    if (sharedViews.size > 1000) sharedViews.delete(sharedViews.values().next().value as string);
    const answer = await sendJson('POST', `${baseUrl}/api/price-reports`, body);
    return answer.status === 202 ? { sent: true } : { sent: false, reason: 'failed' };
  } catch {
    return { sent: false, reason: 'failed' };
  }
}

const STORE_FOUND_MS = 24 * 60 * 60 * 1000;
const STORE_UNKNOWN_MS = 60 * 60 * 1000;

/** Hintakori's store id of the shop's store, from storage.local while fresh (a day; an unknown store an hour). */
async function hintakoriStoreId(baseUrl: string, shop: string, shopStoreId: string): Promise<number | null> {
  const key = STORAGE.shopStore(shop, shopStoreId);
  const cached = (await ext.storage.local.get(key))[key] as { storeId: number | null; at: number; base: string } | undefined;
  if (cached && cached.base === baseUrl && Date.now() - cached.at < (cached.storeId === null ? STORE_UNKNOWN_MS : STORE_FOUND_MS)) return cached.storeId;
  const found = await getJson(`${baseUrl}/api/stores/byShopStoreId?shop=${shop}&id=${encodeURIComponent(shopStoreId)}`);
  if (!found.ok && found.status !== 404) throw new Error(`byShopStoreId ${found.status}`);
  const id = found.ok ? (found.body as { id?: unknown } | null)?.id : null;
  const storeId = isStoreId(id) ? id : null;
  await ext.storage.local.set({ [key]: { storeId, at: Date.now(), base: baseUrl } });
  return storeId;
}

/**
 * The site that pinged us becomes the default API, when its origin is on the allow-list (normaliseBaseUrl: the
 * production site, and in a development build the local site); a ping from any other page is ignored.
 */
async function rememberSite(url: string | undefined): Promise<void> {
  const base = url ? normaliseBaseUrl(url) : null;
  if (!base) return;
  const stored = await ext.storage.local.get(STORAGE.siteBaseUrl);
  if (stored[STORAGE.siteBaseUrl] !== base) await ext.storage.local.set({ [STORAGE.siteBaseUrl]: base });
}

/** The user's setting, else the site they came from, else production; each stored value re-checked against the allow-list. */
async function apiBaseUrl(): Promise<string> {
  const stored = await ext.storage.local.get([STORAGE.baseUrl, STORAGE.siteBaseUrl]);
  for (const candidate of [stored[STORAGE.baseUrl], stored[STORAGE.siteBaseUrl]]) {
    const base = typeof candidate === 'string' ? normaliseBaseUrl(candidate) : null;
    if (base) return base;
  }
  return PRODUCTION_BASE_URL;
}

async function loadCart(cartId: unknown, storeId: unknown): Promise<CartResponse> {
  const baseUrl = await apiBaseUrl();
  // Re-check what the content script sent: only a well-formed cart id and store id reach the API.
  if (!isCartId(cartId) || !isStoreId(storeId)) return { ok: false, baseUrl, status: null, message: 'Virheellinen ostoskorin tunniste.' };
  try {
    const cartResponse = await getJson(`${baseUrl}/api/shoppingCarts/${encodeURIComponent(cartId)}?storeIds=${storeId}`);
    if (cartResponse.status === 404) return { ok: false, baseUrl, status: 404, message: 'Ostoskoria ei löytynyt Hintakorista.' };
    if (!cartResponse.ok) return { ok: false, baseUrl, status: cartResponse.status, message: `Hintakori vastasi virheellä ${cartResponse.status}.` };
    const cart = cartResponse.body as CartResponseCart;
    if (!cart || !Array.isArray(cart.items)) return { ok: false, baseUrl, status: cartResponse.status, message: 'Hintakorin vastaus oli odottamaton.' };
    const store = await getJson(`${baseUrl}/api/stores/${storeId}`).catch(() => null);
    const storeName = store?.ok && typeof (store.body as { name?: unknown }).name === 'string' ? (store.body as { name: string }).name : null;
    return { ok: true, baseUrl, cart, storeName };
  } catch {
    return { ok: false, baseUrl, status: null, message: `Hintakoriin (${baseUrl}) ei saatu yhteyttä.` };
  }
}

type CartResponseCart = Extract<CartResponse, { ok: true }>['cart'];

/** GET of JSON from the API, without cookies. */
function getJson(url: string): Promise<{ ok: boolean; status: number; body: unknown }> {
  return call(url, { headers: { accept: 'application/json' } });
}

/** A JSON body to the API, without cookies. */
function sendJson(method: 'POST', url: string, payload: unknown): Promise<{ ok: boolean; status: number; body: unknown }> {
  return call(url, { method, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(payload) });
}

async function call(url: string, init: RequestInit): Promise<{ ok: boolean; status: number; body: unknown }> {
  const response = await fetch(url, { ...init, credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  // A 202 has no body; a body that is not JSON counts as none.
  const body = response.headers.get('content-type')?.includes('json') ? await response.json().catch(() => null) : null;
  return { ok: response.ok, status: response.status, body };
}
