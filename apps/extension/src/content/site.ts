// Content script on the Hintakori site: answers the site's ping so the buy dialog shows the store
// chooser, and tells the background worker which Hintakori (production or local) the shopper uses.
import { ext } from '../lib/browser';

const PING = 'hintakori:ping';

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== window.location.origin) return;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== PING) return;
  window.postMessage({ type: 'pong', from: 'hintakori-extension', version: ext.runtime.getManifest().version }, window.location.origin);
  ext.runtime.sendMessage({ type: 'hintakori:site-seen' }).catch(() => undefined);
});
