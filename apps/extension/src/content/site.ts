// Content script on the Hintakori site: answers the site's ping so the buy dialog shows the store
// chooser, tells the background worker which Hintakori (production or local) the shopper uses, and hands it the
// shopper's chosen stores and member cards as the site keeps them in its localStorage, so the panels on the shops'
// pages compare in those stores. Nothing else of the site is read.
import { ext } from '../lib/browser';

const PING = 'hintakori:ping';
const KEYS = { selectedStores: 'hintakori.selectedStores', memberCards: 'hintakori.memberCards' } as const;

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== PING) return;
  window.postMessage({ type: 'pong', from: 'hintakori-extension', version: ext.runtime.getManifest().version }, window.location.origin);
  ext.runtime.sendMessage({ type: 'hintakori:site-seen' }).catch(() => undefined);
  sendState(true);
});

function readJson(key: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

let lastSent = '';
/** Sends the stores and cards when they changed since the last time (or always, with `force`). */
function sendState(force = false): void {
  const raw = `${window.localStorage.getItem(KEYS.selectedStores)}\n${window.localStorage.getItem(KEYS.memberCards)}`;
  if (!force && raw === lastSent) return;
  lastSent = raw;
  ext.runtime
    .sendMessage({ type: 'hintakori:site-state', selectedStores: readJson(KEYS.selectedStores) ?? [], memberCards: readJson(KEYS.memberCards) ?? [] })
    .catch(() => undefined);
}

sendState(true);
// The site writes its own localStorage in this tab, which fires no event here: look again now and then (two string
// reads), and at once when another tab of the site changes it or this tab is left for a shop.
window.setInterval(() => sendState(), 2_000);
window.addEventListener('storage', () => sendState());
document.addEventListener('visibilitychange', () => sendState());
