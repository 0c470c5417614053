// The extension on the shop's own pages (issue 37), in a real Chromium with the development build: a stand-in
// www.s-kaupat.fi (local HTTPS, --host-resolver-rules) serves a product page and the cart page in the shop's markup;
// the comparison panel (closed shadow root, read through the DevTools protocol) shows the product's prices in the
// shopper's Hintakori stores and its history, the cart page's totals; with sharing off the API receives nothing; turned
// on in the popup, the page's price arrives as a report and the Hintakori product page names its source.
//   BASE_URL=http://127.0.0.1:3630 CHROMIUM_PATH=/usr/bin/chromium node --test apps/web-e2e/src/extension-shop-page.e2e.test.mjs
// (apps/web-e2e/run.mjs runs it with the other suites, after building the development extension.)
// The sharing steps need the server part's routes (GET /api/stores/byShopStoreId, POST /api/price-reports).
// WEB_E2E_SHOP_PORT fixes the stand-in shop's port (default: any free port).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { api, BASE_URL, openAs, pageSlug } from './browser.mjs';
import { extensionWorker, launchWithExtension, ROOT, startShop } from './extension-browser.mjs';
import { inShadowHost } from './extension-panel.mjs';

const SHOTS = path.join(ROOT, 'dist/screenshots');
const SHOP_HOST = 'www.s-kaupat.fi';
const HOST_ID = 'hintakori-vertailu';
const state = { stores: [], item: null, other: null, shopStoreId: '', shownPrice: 0 };

let tmp;
let shop;
let context;

const escapeJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
const euros = (cents) => (cents === null ? '--' : `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`);

/**
 * A stand-in S-kaupat product page (written for this test, not a copy): the product in __NEXT_DATA__'s Apollo state
 * with the web shop API's fields (ean, name, price, pricing{currentPrice, regularPrice, campaignPrice, comparisonPrice,
 * comparisonUnit}), the visible test ids public scrapers read (product-name, display-price, product-info-ean), and the
 * chosen store in localStorage `store-data` ({storeData: {storeId}}) as the shop keeps it (shapes: see
 * apps/extension/src/lib/shop-page.ts). `price` in cents.
 */
function productPage(item, price) {
  const product = { __typename: 'Product', id: item.ean, ean: item.ean, name: item.name, price: price / 100, pricing: { currentPrice: price / 100, regularPrice: price / 100, campaignPrice: null, comparisonPrice: null, comparisonUnit: null } };
  const next = { props: { pageProps: { apolloState: { [`Product:{"id":"${item.ean}"}`]: product } } }, page: '/tuote/[slug]/[ean]', query: { ean: item.ean } };
  const storeData = { cacheVersion: '1.2.17', storeData: { storeId: state.shopStoreId, deliveryStore: { __typename: 'DeliveryStore', id: state.shopStoreId } } };
  return `<!doctype html><html lang="fi"><head><title>S-kaupat (testikauppa)</title></head><body>
<div id="__next"><header><a href="/">S-kaupat testikauppa</a></header><main data-test-id="product-page-container">
<h1 data-test-id="product-name"></h1><span data-test-id="display-price">${euros(price)}</span>
<button type="button">Lisää ostoskoriin</button><div data-test-id="product-info-ean"><span>${item.ean}</span></div></main></div>
<script id="__NEXT_DATA__" type="application/json">${escapeJson(next)}</script>
<script>localStorage.setItem('store-data', ${JSON.stringify(JSON.stringify(storeData))}); document.querySelector('h1').textContent = ${escapeJson(item.name)};</script>
</body></html>`;
}

/** A stand-in S-kaupat cart page (/ostoskori): its markup is not public; each line links the product as /tuote/<slug>/<ean> with its quantity field. */
function cartPage(lines) {
  const rows = lines.map(({ item, quantity }) => `<li><a href="/tuote/tuote/${item.ean}">tuote</a><input type="number" value="${quantity}" aria-label="Määrä"></li>`).join('');
  return `<!doctype html><html lang="fi"><head><title>Ostoskori</title></head><body><div id="__next"><h1>Ostoskori</h1><ul>${rows}</ul></div></body></html>`;
}

const pages = new Map(); // path → html, set by each test

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hk-ext-shop-e2e-'));
  shop = await startShop(tmp, SHOP_HOST, Number(process.env.WEB_E2E_SHOP_PORT || 0), (req, res) => {
    const html = pages.get(new URL(req.url, `https://${SHOP_HOST}`).pathname);
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html ?? '<!doctype html><title>404</title><h1>Sivua ei löytynyt</h1>');
  });
  state.startedAt = Date.now();
  context = await launchWithExtension(path.join(tmp, 'profile'), SHOP_HOST, shop.address().port, { width: 390 });

  // An S group store with the shop's own id, a K group store; two products with a valid EAN priced in the S store.
  const minimal = await api('/stores/minimal');
  const details = await Promise.all(minimal.filter((s) => s.type === 'S').slice(0, 40).map((s) => api(`/stores/${s.id}`)));
  const sStore = details.find((s) => s.externalId);
  assert.ok(sStore, 'an S group store with its shop store id');
  const kStore = minimal.find((s) => s.type === 'K');
  state.stores = [sStore, await api(`/stores/${kStore.id}`)];
  // The shop's own id: Hintakori keeps it as externalId, with the source's prefix ("s-kaupat:517609418") where it has one.
  state.shopStoreId = String(sStore.externalId).replace(/^[a-z-]+:/, '');
  const ids = state.stores.map((s) => s.id).join(',');
  const priced = [];
  for (const search of ['maito', 'kahvi', 'leipä', 'juusto']) {
    const found = await api(`/items?search=${encodeURIComponent(search)}&storeIds=${ids}&limit=50`);
    priced.push(...found.filter((i) => /^\d{13}$/.test(i.ean ?? '') && i.storeItems.find((s) => s.storeId === sStore.id)?.price > 0 && !priced.some((p) => p.id === i.id)));
    if (priced.length >= 2) break;
  }
  assert.ok(priced.length >= 2, 'two products with an EAN priced in the S group store');
  [state.item, state.other] = priced;
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => (shop ? shop.close(resolve) : resolve()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** What the comparison panel shows (runs in the page with the closed shadow root as `this`). */
function comparisonSnapshot() {
  const panel = this.querySelector('[data-testid="hintakori-comparison"]');
  if (!panel) return null;
  const tab = this.querySelector('[data-testid="hintakori-tab"]');
  const rect = tab && !tab.hidden ? tab.getBoundingClientRect() : null;
  return {
    view: panel.dataset.view,
    expanded: !panel.hidden,
    tab: tab?.textContent ?? null,
    tabRect: rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
    text: panel.textContent,
    stores: [...panel.querySelectorAll('[data-testid="hintakori-store"]')].map((li) => ({ storeId: Number(li.dataset.storeId), name: li.querySelector('.store').textContent, price: li.querySelector('.price').textContent, cheapest: li.classList.contains('cheapest') })),
    cheapest: panel.querySelector('[data-testid="hintakori-cheapest"]')?.textContent ?? null,
    low30: panel.querySelector('[data-testid="hintakori-low30"]')?.textContent ?? null,
    sparkline: panel.querySelector('[data-testid="hintakori-sparkline"] polyline')?.getAttribute('points') ?? null,
    links: [...panel.querySelectorAll('a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
  };
}

async function waitForComparison(page, ready, what) {
  const deadline = Date.now() + 60_000;
  let last;
  for (;;) {
    last = await inShadowHost(page, HOST_ID, comparisonSnapshot).catch(() => undefined);
    if (last && ready(last)) return last;
    if (Date.now() > deadline) throw new Error(`the comparison never showed ${what}: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The Hintakori site, as a shopper who chose the two stores, so the site's content script hands them to the extension. */
async function chooseStores() {
  const site = await openAs(context, '/', { stores: state.stores });
  await site.waitForTimeout(3_000); // the content script sends them at start and every 2 s
  await site.close();
}

const shopperPrice = async (itemId) => {
  const item = await api(`/items/${itemId}?storeIds=${state.stores[0].id}`);
  return item.storeItems.find((s) => s.storeId === state.stores[0].id);
};

describe('the extension on the shop\'s pages', { timeout: 480_000 }, () => {
  let page;

  it("the product page's panel shows the prices in the shopper's stores, the cheapest, the 30-day low and the history", async () => {
    await extensionWorker(context);
    await chooseStores();
    const { item } = state;
    const ids = state.stores.map((s) => s.id).join(',');
    const known = await api(`/items/byEan/${item.ean}?storeIds=${ids}`);
    const history = await api(`/items/${known.id}/history?storeIds=${ids}`);
    const sPrice = known.storeItems.find((s) => s.storeId === state.stores[0].id).price;
    state.shownPrice = sPrice + 20; // the shop shows a price of its own; with sharing off it goes nowhere
    pages.set(`/tuote/tuote/${item.ean}`, productPage(item, state.shownPrice));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    await page.goto(`https://${SHOP_HOST}/tuote/tuote/${item.ean}`);
    const panel = await waitForComparison(page, (p) => p.view === 'product', 'the product');

    assert.deepEqual(
      panel.stores.map((s) => [s.storeId, s.name, s.price]),
      state.stores.map((s) => [s.id, s.name, euros(known.storeItems.find((p) => p.storeId === s.id)?.price ?? null)]),
    );
    const prices = known.storeItems.filter((s) => s.price !== null).map((s) => s.price);
    const cheapest = Math.min(...prices);
    const marked = panel.stores.filter((s) => s.cheapest);
    assert.ok(marked.length > 0 && marked.every((s) => s.price === euros(cheapest)), `the cheapest marked: ${JSON.stringify(panel.stores)}`);
    assert.match(panel.cheapest, new RegExp(`^Halvin: .+ ${euros(cheapest).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
    assert.ok(panel.cheapest.includes(`${euros(state.shownPrice - cheapest)} halvempi kuin täällä`), panel.cheapest);
    const lows = history.stores.map((s) => s.lowest30Days).filter((p) => p !== null);
    assert.equal(panel.low30, `30 päivän alin: ${euros(lows.length ? Math.min(...lows, cheapest) : cheapest)}`);
    const periods = history.stores.flatMap((s) => s.periods).length;
    assert.ok(periods === 0 || panel.sparkline, `a sparkline of ${periods} price periods`);
    assert.deepEqual(panel.links.at(-1), { text: 'Katso tuote Hintakorissa', href: `${BASE_URL}/tuotteet/${pageSlug(known)}` });
    // Collapsed into a tab on the left edge (390 px wide): it covers none of the shop's own buttons.
    assert.equal(panel.expanded, false);
    assert.ok(panel.tabRect.x <= 1 && panel.tabRect.width <= 33, `a narrow tab at the left edge: ${JSON.stringify(panel.tabRect)}`);
    for (const button of await page.getByRole('button').all()) {
      const box = await button.boundingBox();
      const t = panel.tabRect;
      assert.ok(!box || box.x >= t.x + t.width || box.y >= t.y + t.height || box.y + box.height <= t.y, 'the tab covers no button of the shop');
    }
    await page.mouse.click(panel.tabRect.x + panel.tabRect.width / 2, panel.tabRect.y + panel.tabRect.height / 2);
    await waitForComparison(page, (p) => p.expanded, 'the opened panel');
    await page.screenshot({ path: path.join(SHOTS, 'extension-product-panel-390.png') });
  });

  it("the cart page shows the cart's total in the shopper's stores, the cheapest, and the link into Hintakori", async () => {
    const lines = [{ item: state.item, quantity: 2 }, { item: state.other, quantity: 1 }];
    pages.set('/ostoskori', cartPage(lines));
    await page.goto(`https://${SHOP_HOST}/ostoskori`);
    const panel = await waitForComparison(page, (p) => p.view === 'cart', 'the cart');
    const totals = await api('/shoppingCartComparisons/storeTotals', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeIds: state.stores.map((s) => s.id), items: lines.map((l) => ({ itemId: l.item.id, quantity: l.quantity })) }),
    });
    assert.deepEqual(
      panel.stores.map((s) => [s.storeId, s.price, s.cheapest]),
      state.stores.map((s) => [s.id, euros(totals[String(s.id)].total), totals[String(s.id)].cheapest]),
    );
    const link = panel.links.find((l) => l.text === 'Vie Hintakoriin');
    assert.equal(link?.href, `${BASE_URL}/ostoskorivertailu#tuo=${state.item.id}x2,${state.other.id}x1`);
  });

  it('with sharing off (the default) the API received nothing', async () => {
    // The product page was read above; give a report, were one sent, time to arrive.
    await page.waitForTimeout(5_000);
    // A price shared in an earlier run on the same data directory may be there: none may be from this run.
    const seen = await shopperPrice(state.item.id);
    assert.ok(!(seen.source === 'shoppers' && Date.parse(seen.updatedAt) >= state.startedAt), `no shoppers price while sharing is off: ${JSON.stringify(seen)}`);
  });

  it('turned on in the popup, the shown price arrives and the product page names its source', async () => {
    const extensionId = new URL((await extensionWorker(context)).url()).host;
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.getByRole('heading', { name: 'Mitä ei jaeta koskaan' }).waitFor();
    const toggle = popup.getByRole('switch', { name: 'Jaa hinnat' });
    assert.equal(await toggle.isChecked(), false, 'off until the shopper turns it on');
    const turnedOnAt = Date.now();
    await toggle.click();
    await popup.getByText('Jakaminen on päällä.').waitFor();
    await popup.screenshot({ path: path.join(SHOTS, 'extension-popup-consent.png') });
    await popup.close();

    // The shop now shows the store's known price (a plausible report, published at once), on a new view of the page.
    const known = await shopperPrice(state.item.id);
    pages.set(`/tuote/tuote/${state.item.ean}`, productPage(state.item, known.price));
    await page.goto(`https://${SHOP_HOST}/tuote/tuote/${state.item.ean}`);
    await waitForComparison(page, (p) => p.view === 'product', 'the product');
    const deadline = Date.now() + 120_000;
    let seen;
    for (;;) {
      seen = await shopperPrice(state.item.id);
      if (seen.source === 'shoppers' && Date.parse(seen.updatedAt) >= turnedOnAt - 1_000) break;
      assert.ok(Date.now() < deadline, `the report never arrived: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    assert.equal(seen.price, known.price);
    const day = new Intl.DateTimeFormat('fi-FI', { timeZone: 'Europe/Helsinki', day: 'numeric', month: 'numeric', year: 'numeric' }).format(new Date(seen.updatedAt));
    const site = await openAs(context, `/tuotteet/${pageSlug(state.item)}`, { stores: [state.stores[0]] });
    await site.getByText(`Lähde: käyttäjän havainto S-kaupat-verkkokaupasta ${day}`).first().waitFor();
    await site.close();
  });
});
