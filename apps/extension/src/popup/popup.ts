// The toolbar popup: the price-sharing consent card. Sharing is off until the shopper turns the switch on, and off
// again with one click; the choice is kept in storage.local (STORAGE.sharePrices), which the background worker reads
// before every report.
import { ext } from '../lib/browser';
import { STORAGE } from '../lib/messages';
import { SHOPS } from '../shops';

const share = document.getElementById('share') as HTMLInputElement;
const status = document.getElementById('status') as HTMLElement;

function show(on: boolean): void {
  share.checked = on;
  status.textContent = on ? 'Jakaminen on päällä.' : 'Jakaminen on pois päältä.';
  status.className = on ? 'on' : '';
}

void ext.storage.local.get(STORAGE.sharePrices).then((stored) => show(stored[STORAGE.sharePrices] === true));

/**
 * Firefox (140+) lets the shopper grant the optional data collection the manifest declares (`websiteContent`: the
 * prices the shop's page shows); Chromium has no such permission, and this asks nothing there.
 */
async function mayCollect(): Promise<boolean> {
  const permissions = ext.permissions as unknown as { request?: (p: unknown) => Promise<boolean> } | undefined;
  if (!('browser' in globalThis) || typeof permissions?.request !== 'function') return true;
  try {
    return await permissions.request({ data_collection: ['websiteContent'] });
  } catch {
    return true; // a Firefox without data collection permissions: the switch alone is the consent
  }
}

share.addEventListener('change', () => {
  const on = share.checked;
  void (on ? mayCollect() : Promise.resolve(true)).then((allowed) => {
    const value = on && allowed;
    return ext.storage.local.set({ [STORAGE.sharePrices]: value }).then(() => show(value));
  });
});

document.getElementById('reopen')?.addEventListener('click', () => {
  void ext.storage.local.remove(SHOPS.map((shop) => STORAGE.comparisonClosed(shop.id))).then(() => {
    status.textContent = 'Hintavertailu näkyy taas, kun avaat kaupan sivun.';
  });
});
