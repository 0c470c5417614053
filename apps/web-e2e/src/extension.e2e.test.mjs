// The Hintakori browser extension in a real Chromium (new headless mode, --load-extension): the site's
// ping gets its pong, the buy dialog shows the store chooser, and the K group link lands on a local
// stand-in of k-ruoka.fi (Chromium's --host-resolver-rules points the shop's host at an HTTPS server
// started here) where the extension's checklist panel lists the cart with that store's prices.
// Without the extension the dialog shows the install prompt that links to /lisaosa, whose zips are the production
// build (no localhost in their manifests).
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/extension.e2e.test.mjs
// Loads the development build, the only one that runs on a local site (EXTENSION_DEV=1 node
// tools/build/build-extension.mjs → dist/extension-dev/chromium); the gateway serves the production zips
// (npm run build:extension → dist/extension). apps/web-e2e/run.mjs builds both.
// The panel's shadow root is closed, so Playwright's locators cannot reach it: the test reads and clicks it through
// the DevTools protocol (./extension-panel.mjs), as no page script can.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { BASE_URL, launch, newContext } from './browser.mjs';
import { extensionWorker, launchWithExtension, ROOT, startShop } from './extension-browser.mjs';
import { tickLine, waitForPanel } from './extension-panel.mjs';

const SHOTS = path.join(ROOT, 'dist/screenshots');
const SHOP_HOST = 'www.k-ruoka.fi';
const PRODUCT_QUERIES = (process.env.PRODUCT_QUERIES || 'maito,leipä,juusto,kahvi,omena,a').split(',');
const K_STORE_QUERIES = ['K-Citymarket', 'K-Supermarket', 'K-Market'];
const LINES = 5;

let tmp;
let shop; // the stand-in shop server
let context; // Chromium with the extension
const state = { names: [], cartId: '', storeId: 0, storeName: '', lidlId: 0, lidlName: '' };

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hk-ext-e2e-'));
  // Any path answers a plain page, like the shop's single-page app shell would.
  shop = await startShop(tmp, SHOP_HOST, Number(process.env.WEB_E2E_SHOP_PORT || 0), (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="fi"><head><title>K-Ruoka (testikauppa)</title></head><body><h1>K-Ruoka testikauppa</h1><p>Paikallinen sivu kaupan osoitteella.</p></body></html>');
  });
  context = await launchWithExtension(path.join(tmp, 'profile'), SHOP_HOST, shop.address().port);
});

after(async () => {
  await context?.close();
  await new Promise((resolve) => (shop ? shop.close(resolve) : resolve()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Picks one store of the K group with the store search, an S group store and a Lidl. */
async function selectStores(page) {
  await page.goto(`${BASE_URL}/`);
  const box = page.getByRole('combobox', { name: 'Valitse kaupat' });
  for (const query of K_STORE_QUERIES) {
    await box.fill(query);
    const option = page.getByRole('option').filter({ hasText: query }).first();
    if (await option.waitFor({ timeout: 20_000 }).then(() => true, () => false)) {
      state.storeName = (await option.innerText()).split('\n')[0].trim();
      await option.click();
      break;
    }
  }
  assert.ok(state.storeName, 'found a K group store');
  for (const query of ['Prisma', 'Lidl']) {
    await box.fill(query);
    await page.getByRole('option').filter({ hasText: query }).first().click();
  }
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('hintakori.selectedStores') || '[]'));
  const k = saved.find((s) => s.type === 'K');
  assert.ok(k, `a K group store is selected: ${JSON.stringify(saved.map((s) => s.name))}`);
  state.storeId = k.id;
  state.storeName = k.name;
  const lidl = saved.find((s) => s.type === 'L');
  assert.ok(lidl, `a Lidl is selected: ${JSON.stringify(saved.map((s) => s.name))}`);
  state.lidlId = lidl.id;
  state.lidlName = lidl.name;
}

async function addProducts(page, count) {
  const search = page.getByRole('searchbox', { name: 'Hae tuotteita' });
  for (const query of PRODUCT_QUERIES) {
    if (state.names.length >= count) break;
    await search.fill(query);
    await page.waitForURL((url) => url.pathname === '/haku' && url.searchParams.get('search') === query);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /Tulokset haulle|Ei tuloksia haulla/ }).waitFor();
    await page.getByTestId('skeleton-card').first().waitFor({ state: 'detached' }).catch(() => undefined);
    const buttons = page.getByRole('button', { name: /^Lisää ostoskoriin: / });
    while (state.names.length < count && (await buttons.count()) > 0) {
      const button = buttons.first();
      const name = (await button.getAttribute('aria-label')).replace('Lisää ostoskoriin: ', '');
      if (state.names.includes(name)) break;
      await button.click();
      state.names.push(name);
      // The button turns into a counter once the item is in the cart.
      await page.getByRole('button', { name: `Lisää ostoskoriin: ${name}`, exact: true }).first().waitFor({ state: 'detached' }).catch(() => undefined);
    }
  }
  assert.equal(state.names.length, count, `found products: ${state.names.join(', ')}`);
  await page.waitForFunction(() => (localStorage.getItem('hintakori.cartId') || 'NO_ID') !== 'NO_ID');
  state.cartId = await page.evaluate(() => localStorage.getItem('hintakori.cartId'));
}

/** Cents as the pages show them: 1234 → '12,34 €', no price → '--'. */
function euros(price) {
  return price === null ? '--' : `${Math.floor(price / 100)},${String(price % 100).padStart(2, '0')} €`;
}

async function openBuyDialog(page) {
  await page.getByTestId('cart-button').click();
  const cart = page.getByRole('dialog', { name: 'Ostoskori' });
  await cart.waitFor();
  await cart.getByRole('button', { name: 'Osta' }).click();
  const buy = page.getByRole('dialog', { name: 'Osta' });
  await buy.waitFor();
  return buy;
}

// Upper bounds for a loaded CI machine; on a quiet one the two suites take about a minute together.
describe('browser extension', { timeout: 600_000 }, () => {
  let page;
  let shopPage;

  it('loads in Chromium with its background worker', async () => {
    const worker = await extensionWorker(context);
    assert.match(worker.url(), /^chrome-extension:\/\/[a-p]{32}\/background\.js$/);
  });

  it('answers the site ping, so "Osta" shows the store chooser with the K group store', async () => {
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    page.on('console', (m) => m.type() === 'error' && console.error('[console]', m.text()));
    await selectStores(page);
    await addProducts(page, LINES);
    // The site pings 2.5 s after it starts; the extension's pong flips the dialog to the chooser.
    await page.addInitScript(() => window.addEventListener('message', (e) => e.data && e.data.type === 'pong' && (window.hkPong = e.data)));
    await page.reload();
    const pong = await (await page.waitForFunction(() => window.hkPong)).jsonValue();
    assert.equal(pong.from, 'hintakori-extension');
    const buy = await openBuyDialog(page);
    await buy.getByRole('group', { name: 'Valitse kauppa' }).waitFor();
    const radio = buy.getByRole('radio', { name: state.storeName });
    await radio.check();
    assert.ok(await radio.isChecked());
    await buy.screenshot({ path: path.join(SHOTS, 'buy-dialog-extension.png') });
  });

  it('opens the shop link on the stand-in k-ruoka.fi, where the panel lists the cart with the store\'s prices', async () => {
    const buy = page.getByRole('dialog', { name: 'Osta' });
    const link = buy.getByRole('link', { name: /Siirry kauppaan: K-Ruoka/ });
    const href = await link.getAttribute('href');
    const hash = new URLSearchParams(new URL(href).hash.slice(1));
    assert.equal(new URL(href).host, SHOP_HOST);
    assert.deepEqual({ cartId: hash.get('cartId'), storeId: hash.get('storeId'), type: hash.get('type') }, { cartId: state.cartId, storeId: String(state.storeId), type: 'K' });
    [shopPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await shopPage.waitForLoadState();
    assert.equal(new URL(shopPage.url()).host, SHOP_HOST);
    await shopPage.getByRole('heading', { name: 'K-Ruoka testikauppa' }).waitFor();

    const panel = await waitForPanel(shopPage, (p) => p.lines.length > 0, 'the cart');
    assert.equal(panel.heading, 'Hintakori-ostoslista');
    assert.equal(panel.lines.length, LINES);
    assert.equal(panel.progress, `0/${LINES} lisätty`);
    assert.ok(panel.text.includes(`Hinnat: ${state.storeName}`), `the panel names the store: ${panel.text}`);
    // The shop's own scripts see the host element, not what is inside it.
    assert.equal(await shopPage.evaluate(() => document.getElementById('hintakori-ostoslista')?.shadowRoot ?? null), null);

    // The same cart as the API answers it for that store: names, quantities, prices and search links.
    const api = await (await fetch(`${BASE_URL}/api/shoppingCarts/${state.cartId}?storeIds=${state.storeId}`)).json();
    assert.equal(api.items.length, LINES);
    for (const { item, quantity } of api.items) {
      assert.ok(state.names.includes(item.name), `${item.name} was added`);
      const line = panel.lines.find((l) => l.itemId === String(item.id));
      assert.ok(line, `panel has a line for ${item.name}`);
      assert.ok(line.text.includes(item.name), `panel shows ${item.name}`);
      assert.ok(line.text.includes(`${quantity} kpl`));
      const price = item.storeItems.find((s) => s.storeId === state.storeId)?.price ?? null;
      assert.equal(line.price, euros(price), `price of ${item.name}`);
      const link = line.links.find((l) => l.label === `Hae K-Ruoasta: ${item.name}`);
      assert.ok(link, `search link of ${item.name}`);
      const search = new URL(link.href);
      assert.equal(`${search.origin}${search.pathname}`, 'https://www.k-ruoka.fi/kauppa/tuotehaku');
      assert.equal(search.searchParams.get('haku'), item.ean || item.name);
    }
    assert.equal(panel.back, `${new URL(BASE_URL).origin}/ostoskorivertailu`);
    await shopPage.screenshot({ path: path.join(SHOTS, 'extension-shop-panel.png') });
  });

  it('keeps ticked lines over a reload of the shop page', async () => {
    const before = await waitForPanel(shopPage, (p) => p.lines.length === LINES, 'the cart');
    const ticked = [before.lines[0].itemId, before.lines[2].itemId];
    for (const id of ticked) await tickLine(shopPage, id);
    const after = await waitForPanel(shopPage, (p) => p.progress === `2/${LINES} lisätty`, 'two ticks');
    assert.deepEqual(after.lines.filter((l) => l.checked).map((l) => l.itemId), ticked);

    await shopPage.reload();
    const again = await waitForPanel(shopPage, (p) => p.lines.length > 0, 'the cart after a reload');
    assert.equal(again.progress, `2/${LINES} lisätty`);
    assert.deepEqual(again.lines.filter((l) => l.checked).map((l) => l.itemId), ticked, 'the same lines still ticked');

    // The shop's own navigation drops the hash; the list stays with the shopper on the next page.
    await shopPage.goto(`https://${SHOP_HOST}/kauppa/tuotehaku?haku=maito`);
    const next = await waitForPanel(shopPage, (p) => p.lines.length > 0, 'the cart on the next page');
    assert.equal(next.progress, `2/${LINES} lisätty`);
  });

  it('for Lidl says there is no web shop and offers the printable list with its prices', async () => {
    await page.bringToFront();
    const buy = page.getByRole('dialog', { name: 'Osta' });
    await buy.getByRole('radio', { name: state.lidlName }).check();
    await buy.getByText('Lidlillä ei ole verkkokauppaa').waitFor();
    assert.equal(await buy.getByRole('link', { name: /Siirry kauppaan/ }).count(), 0, 'no shop link for Lidl');
    const link = buy.getByRole('link', { name: 'Avaa tulostettava ostoslista' });
    assert.equal(await link.getAttribute('href'), `/ostoslista/${state.cartId}?kauppa=${state.lidlId}`);
    await buy.screenshot({ path: path.join(SHOTS, 'buy-dialog-lidl.png') });

    const [list] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await list.getByRole('heading', { level: 1, name: `Ostoslista: ${state.lidlName}` }).waitFor();
    const rows = list.getByTestId('printable-list').locator('tbody tr');
    assert.equal(await rows.count(), LINES);
    const api = await (await fetch(`${BASE_URL}/api/shoppingCarts/${state.cartId}?storeIds=${state.lidlId}`)).json();
    for (const { item, quantity } of api.items) {
      const row = rows.filter({ hasText: item.name });
      assert.equal(await row.count(), 1, `${item.name} is on the list`);
      const price = item.storeItems.find((s) => s.storeId === state.lidlId)?.price ?? null;
      const cells = await row.locator('td').allInnerTexts();
      assert.equal(cells[2], `${quantity} kpl`);
      assert.equal(cells[3].replace(/\s/g, ' '), euros(price).replace(/\s/g, ' '), `Lidl price of ${item.name}`);
    }
    await list.close();
  });
});

describe('without the extension', { timeout: 240_000 }, () => {
  it('the buy dialog shows the install prompt that links to /lisaosa with both downloads', async () => {
    const browser = await launch();
    try {
      const ctx = await newContext(browser, 1280);
      ctx.setDefaultTimeout(60_000); // a loaded CI machine: the first page of a fresh context can take a while
      const p = await ctx.newPage();
      await p.goto(`${BASE_URL}/`);
      const box = p.getByRole('combobox', { name: 'Valitse kaupat' });
      await box.fill('Prisma');
      await p.getByRole('option').filter({ hasText: 'Prisma' }).first().click();
      const search = p.getByRole('searchbox', { name: 'Hae tuotteita' });
      await search.fill('maito');
      await p.waitForURL((url) => url.pathname === '/haku');
      await p.getByRole('button', { name: /^Lisää ostoskoriin: / }).first().click();
      await p.waitForTimeout(3_000); // past the 2.5 s ping: nobody answers
      const buy = await openBuyDialog(p);
      assert.ok(await buy.getByText('Hintakorin selainlaajennuksen').isVisible());
      assert.equal(await buy.getByRole('radio').count(), 0);
      await buy.getByRole('link', { name: 'Lue lisää ja asenna laajennus' }).click();
      await p.waitForURL(`${BASE_URL}/lisaosa`);
      await p.getByRole('heading', { name: 'Hintakori-selainlaajennus', level: 1 }).waitFor();
      assert.ok(await p.getByRole('heading', { name: 'Mitä laajennus ei tee' }).isVisible());
      for (const [name, file] of [
        ['Lataa Chromium-selaimille (Chrome, Edge, Brave, Opera)', 'hintakori-chromium.zip'],
        ['Lataa Firefoxille', 'hintakori-firefox.zip'],
      ]) {
        const href = await p.getByRole('link', { name }).getAttribute('href');
        assert.equal(href, `/lisaosa/${file}`);
        const res = await fetch(`${BASE_URL}${href}`);
        assert.equal(res.status, 200, `${href} is served`);
        assert.equal(res.headers.get('content-type'), 'application/zip');
        assert.match(String(res.headers.get('content-disposition')), new RegExp(`^attachment; filename="?${file.replace('.', '\\.')}"?$`));
        assert.equal(await p.getByRole('link', { name }).getAttribute('download'), '', 'the link downloads rather than navigates');
        const saved = Buffer.from(await res.arrayBuffer());
        assert.equal(saved.subarray(0, 4).toString('latin1'), 'PK\x03\x04', `${file} is a zip`);
        // The download is the production build: the Hintakori site and the shops only, never a local page.
        const manifest = JSON.parse(strFromU8(unzipSync(new Uint8Array(saved))['manifest.json']));
        const patterns = [...manifest.host_permissions, ...manifest.content_scripts.flatMap((c) => c.matches)];
        assert.deepEqual(patterns.filter((m) => !m.startsWith('https://')), [], `${file} matches no local or plain-http page`);
        assert.ok(manifest.host_permissions.includes('https://hintakori.fi/*'), `${file} calls the production API`);
      }
      await p.screenshot({ path: path.join(SHOTS, 'lisaosa-1280.png'), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
