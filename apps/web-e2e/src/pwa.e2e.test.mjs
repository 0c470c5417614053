// The site on a phone in a store: installable (manifest + service worker), compact header, and the cart's
// shopping list working offline. Run against the booted system (production web build):
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/pwa.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, newContext } from './browser.mjs';

const QUERIES = (process.env.PWA_QUERIES || 'maito,leipä,omena,jauheliha,pakaste,kahvi,a').split(',');
const VIEWPORT_HEIGHT = 844;

let browser;
let context;
let page;
const state = { names: [], pricesAt: 0 };

before(async () => {
  browser = await launch();
  context = await newContext(browser, 390);
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

after(async () => {
  await browser?.close();
});

const snapshot = (p) => p.evaluate(() => JSON.parse(localStorage.getItem('hintakori.offlineCart') || 'null'));

describe('installable app on a phone', () => {
  it('links a Finnish web app manifest with icons and the theme colour', async () => {
    await page.goto(`${BASE_URL}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const res = await context.request.get(new URL(href, BASE_URL).toString());
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'], /application\/manifest\+json/);
    assert.equal(res.headers()['cache-control'], 'no-cache');
    const manifest = await res.json();
    assert.equal(manifest.short_name, 'Hintakori');
    assert.match(manifest.name, /^Hintakori/);
    assert.equal(manifest.lang, 'fi');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.equal(manifest.theme_color, await page.locator('meta[name="theme-color"]').getAttribute('content'));
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'));
      assert.ok(icon, `an icon of ${size}`);
      const image = await context.request.get(new URL(icon.src, BASE_URL).toString());
      assert.equal(image.status(), 200);
      assert.equal(image.headers()['content-type'], 'image/png');
    }
    assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
  });

  it('registers and activates its own service worker, served uncached', async () => {
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    assert.equal(new URL(scriptURL).pathname, '/sw.js');
    const sw = await context.request.get(`${BASE_URL}/sw.js`);
    assert.equal(sw.status(), 200);
    assert.equal(sw.headers()['cache-control'], 'no-cache');
    // A reload keeps it (only other, older workers are unregistered on load).
    await page.reload();
    // The reloaded page is served by it (the offline tests below also need it to stay).
    const controller = await page.evaluate(async () => (await navigator.serviceWorker.ready, navigator.serviceWorker.controller?.scriptURL));
    assert.equal(new URL(controller).pathname, '/sw.js');
    const scripts = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL));
    assert.deepEqual(scripts.map((u) => new URL(u).pathname), ['/sw.js']);
  });
});

describe('compact header and the shopping list offline', () => {
  it('chooses the nearest stores and fills the cart from the search', async () => {
    await page.getByRole('button', { name: 'Valitse lähimmät kaupat sijaintisi perusteella' }).click();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('hintakori.selectedStores') || '[]').length > 0);
    const search = page.getByRole('searchbox', { name: 'Hae tuotteita' });
    for (const query of QUERIES) {
      if (state.names.length >= 4) break;
      await search.fill(query);
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname === '/haku' && url.searchParams.get('search') === query);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /Tulokset haulle|Ei tuloksia haulla/ }).waitFor();
      await page.getByTestId('skeleton-card').first().waitFor({ state: 'detached' }).catch(() => undefined);
      const button = page.getByRole('button', { name: /^Lisää ostoskoriin: / }).first();
      if (!(await button.count())) continue;
      const name = (await button.getAttribute('aria-label')).replace('Lisää ostoskoriin: ', '');
      if (state.names.includes(name)) continue;
      await button.click();
      state.names.push(name);
    }
    assert.ok(state.names.length >= 4, `found products: ${state.names.join(', ')}`);
    await page.waitForFunction((n) => document.querySelector('[data-testid="cart-count"]')?.textContent === String(n), state.names.length);
    await page.waitForFunction(() => (localStorage.getItem('hintakori.cartId') || 'NO_ID') !== 'NO_ID');
  });

  it('shows the first product card in the top 45 % of an 844 px screen, with the search box sticky', async () => {
    await page.goto(`${BASE_URL}/haku?search=maito`);
    const card = page.getByTestId('product-card').first();
    await card.waitFor();
    const box = await card.boundingBox();
    assert.ok(box.y <= VIEWPORT_HEIGHT * 0.45, `first card top at ${Math.round(box.y)} px (limit ${VIEWPORT_HEIGHT * 0.45})`);
    // The chosen stores are one line that opens on tap.
    const toggle = page.getByRole('button', { name: /^Kaupat: / });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await page.getByRole('button', { name: 'Valitse lähimmät kaupat sijaintisi perusteella' }).waitFor();
    await toggle.click();
    await page.waitForFunction(() => document.getElementById('store-details')?.offsetHeight === 0);
    // Nothing wider than the phone: a wider page lets the visual viewport scroll past the sticky header.
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `page ${pageWidth} px wide at a 390 px screen`);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY >= 1000);
    const searchTop = await page.getByRole('searchbox', { name: 'Hae tuotteita' }).boundingBox();
    assert.ok(searchTop.y >= 0 && searchTop.y < 130, `search box still on screen after scrolling (y ${Math.round(searchTop.y)})`);
  });

  it('fetches the cart with its prices and store totals while online', async () => {
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.getByTestId('store-total-row').first().waitFor();
    const kept = await snapshot(page);
    assert.equal(kept.items.length, state.names.length);
    assert.ok(kept.pricesAt > 0, 'the time of the prices is kept');
    assert.ok(kept.totals, 'the store totals are kept');
    state.pricesAt = kept.pricesAt;
    await cart.getByTestId('shopping-list-link').click();
    await page.waitForURL(`${BASE_URL}/kauppalista`);
    await page.getByRole('heading', { name: 'Kauppalista' }).waitFor();
    await page.getByTestId('shopping-list-line').first().waitFor();
    assert.equal(await page.getByTestId('shopping-list-line').count(), state.names.length);
  });

  it('offline, a reload still shows the cart, its prices and the shopping list, with the banner', async () => {
    await context.setOffline(true);
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    assert.match(await banner.innerText(), /^Olet offline-tilassa – hinnat päivitetty \d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2}$/);
    await page.getByRole('heading', { name: 'Kauppalista' }).waitFor();
    const lines = page.getByTestId('shopping-list-line');
    await lines.first().waitFor();
    assert.equal(await lines.count(), state.names.length);
    const text = await page.locator('main').innerText();
    for (const name of state.names) assert.ok(text.includes(name), `list has ${name}`);
    // Sections in store walking order, each with its heading.
    assert.ok((await page.getByTestId('shopping-list-aisle').count()) >= 2, 'lines are grouped by store section');
    assert.match(await lines.first().innerText(), /\d+,\d{2} €/);
    await page.getByText('Hinta kaupoittain').click();
    await page.getByTestId('store-total-row').first().waitFor();
    // The cart panel too, on another page opened offline.
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.getByTestId('cart-line').first().waitFor();
    assert.equal(await cart.getByTestId('cart-line').count(), state.names.length);
    await cart.getByTestId('store-total-row').first().waitFor();
    assert.match(await cart.getByTestId('cart-total').innerText(), /Yhteensä\s*\d+,\d{2} €/);
    await page.goto(`${BASE_URL}/kauppalista`);
    await page.getByTestId('shopping-list-line').first().waitFor();
  });

  it('keeps three ticked lines over a reload, and can show only the unbought ones', async () => {
    const boxes = page.getByTestId('shopping-list-line').getByRole('checkbox');
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    await page.reload();
    await page.getByTestId('shopping-list-line').first().waitFor();
    const ticked = await page.getByTestId('shopping-list-line').getByRole('checkbox').evaluateAll((els) => els.filter((e) => e.checked).length);
    assert.equal(ticked, 3);
    assert.equal(await page.getByTestId('shopping-list-progress').innerText(), `3/${state.names.length} ostettu`);
    await page.getByRole('checkbox', { name: 'Näytä vain ostamattomat' }).check();
    assert.equal(await page.getByTestId('shopping-list-line').count(), state.names.length - 3);
    await page.getByRole('checkbox', { name: 'Näytä vain ostamattomat' }).uncheck();
    assert.ok(await page.getByTestId('offline-banner').isVisible());
  });

  it('back online, the banner goes and the prices are fetched again', async () => {
    const refetch = page.waitForRequest((r) => r.method() === 'GET' && /\/api\/shoppingCarts\/[^/?]+/.test(r.url()));
    await context.setOffline(false);
    await refetch;
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.waitForFunction((before) => (JSON.parse(localStorage.getItem('hintakori.offlineCart')).pricesAt ?? 0) > before, state.pricesAt);
    assert.equal(await page.getByTestId('shopping-list-line').count(), state.names.length);
  });
});
