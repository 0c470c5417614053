// Content script on the groups' web shops (one adapter per group in ../shops). Reads the hand-over
// from the link's hash, asks the background worker for the cart and shows the checklist panel; on product and cart
// pages it shows the comparison in the shopper's Hintakori stores (./comparison.ts).
import { ext } from '../lib/browser';
import { checklistLines } from '../lib/cart';
import { type Handover, parseHandover } from '../lib/handover';
import { type CartResponse, type ExtensionMessage, STORAGE } from '../lib/messages';
import { shopForHost } from '../shops';
import { startComparison } from './comparison';
import { mountPanel, renderChecklist, renderMessage } from './panel';

const shop = shopForHost(window.location.hostname);

async function currentHandover(): Promise<Handover | null> {
  if (!shop) return null;
  const key = STORAGE.handover(shop.group);
  const fromLink = parseHandover(window.location.hash);
  if (fromLink && fromLink.type === shop.group) {
    await ext.storage.local.set({ [key]: fromLink });
    return fromLink;
  }
  // The shop is a single-page app that drops the hash as the shopper moves on: keep the last hand-over.
  const stored = (await ext.storage.local.get(key))[key] as Handover | undefined;
  return stored ? parseHandover(new URLSearchParams({ ...stored, storeId: String(stored.storeId) }).toString()) : null;
}

let shown: { handover: Handover; response: CartResponse } | null = null;
let stopSync: (() => void) | null = null;

async function show(): Promise<void> {
  if (!shop) return;
  const handover = await currentHandover();
  if (!handover) return;
  const checkedKey = STORAGE.checked(handover.cartId);
  const { root, host } = mountPanel();
  const settings = await ext.storage.local.get([STORAGE.collapsed, checkedKey]);
  let collapsed = settings[STORAGE.collapsed] === true;
  const checked = new Set<number>(Array.isArray(settings[checkedKey]) ? (settings[checkedKey] as number[]) : []);

  const actions = {
    onToggleLine: (itemId: number, value: boolean) => {
      if (value) checked.add(itemId);
      else checked.delete(itemId);
      void ext.storage.local.set({ [checkedKey]: [...checked] });
    },
    onCollapse: (value: boolean) => {
      collapsed = value;
      void ext.storage.local.set({ [STORAGE.collapsed]: value });
      draw();
    },
    onClose: () => {
      void ext.storage.local.remove(STORAGE.handover(shop.group));
      shown = null;
      host.remove();
    },
  };
  const draw = () => {
    if (!shown) return renderMessage(root, 'Haetaan ostoskoria Hintakorista…', false, collapsed, actions);
    const { response } = shown;
    if (!response.ok) return renderMessage(root, response.message, true, collapsed, actions, response.baseUrl);
    const lines = checklistLines(response.cart, handover.storeId, response.baseUrl);
    renderChecklist(root, { shop, baseUrl: response.baseUrl, storeName: response.storeName, lines, checked, collapsed }, actions);
  };

  shown = null;
  draw();
  const message: ExtensionMessage = { type: 'hintakori:cart', cartId: handover.cartId, storeId: handover.storeId };
  const response = ((await ext.runtime.sendMessage(message).catch(() => null)) as CartResponse | null) ?? {
    ok: false as const,
    baseUrl: '',
    status: null,
    message: 'Laajennuksen taustaosa ei vastannut. Lataa sivu uudelleen.',
  };
  shown = { handover, response };
  draw();

  // Ticks made in another tab of the same shop show here too.
  const sync = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area !== 'local' || !changes[checkedKey]) return;
    const next = new Set<number>(Array.isArray(changes[checkedKey].newValue) ? (changes[checkedKey].newValue as number[]) : []);
    if (next.size === checked.size && [...next].every((id) => checked.has(id))) return; // our own change
    checked.clear();
    for (const id of next) checked.add(id);
    draw();
  };
  stopSync?.();
  ext.storage.onChanged.addListener(sync);
  stopSync = () => ext.storage.onChanged.removeListener(sync);
}

if (shop) {
  startComparison(shop);
  void show();
  window.addEventListener('hashchange', () => {
    if (parseHandover(window.location.hash)) void show();
  });
}
