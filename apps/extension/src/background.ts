// Background worker (service worker in Chromium, event page in Firefox). The only place that talks to
// the network: it fetches the cart from the Hintakori API with the extension's host permission, so
// the shop page's origin never calls Hintakori and Hintakori never sees the shop.
import { ext } from './lib/browser';
import { normaliseBaseUrl, PRODUCTION_BASE_URL } from './lib/config';
import { isCartId, isStoreId } from './lib/handover';
import { type CartResponse, type ExtensionMessage, STORAGE } from './lib/messages';

const FETCH_TIMEOUT_MS = 15_000;

ext.runtime.onMessage.addListener((message: ExtensionMessage, sender, sendResponse) => {
  if (sender.id !== ext.runtime.id) return false;
  if (message?.type === 'hintakori:site-seen') {
    // Only from the top frame of a tab; rememberSite checks the tab's origin against the allow-list.
    if (sender.tab && sender.frameId === 0) void rememberSite(sender.url);
    return false;
  }
  if (message?.type === 'hintakori:cart') {
    void loadCart(message.cartId, message.storeId).then(sendResponse);
    return true; // answers asynchronously
  }
  return false;
});

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

async function getJson(url: string): Promise<{ ok: boolean; status: number; body: unknown }> {
  const response = await fetch(url, {
    credentials: 'omit',
    cache: 'no-store',
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  const body = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  return { ok: response.ok, status: response.status, body };
}
