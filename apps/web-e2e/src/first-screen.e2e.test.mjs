// A new visitor's first screen in the page the server sends (issue 14): the shopper pages arrive with the page as
// the app renders it for a visitor without stores or a cart, painted before any script; the app then takes over
// with the same page. Run against the booted system (production web build):
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/first-screen.e2e.test.mjs
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BASE_URL, launch, newContext } from './browser.mjs';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** The search's first product and the first top-level category of the data at hand (as npm run lighthouse finds them). */
async function samplePages(request) {
  const categories = await (await request.get(`${BASE_URL}/api/categories`)).json();
  const top = categories.find((c) => c.parentCategoryId === null);
  const stores = await (await request.get(`${BASE_URL}/api/stores/minimal?skip=0`)).json();
  const ids = stores.slice(0, 5).map((s) => s.id).join(',');
  const [item] = await (await request.get(`${BASE_URL}/api/items?search=maito&storeIds=${ids}`)).json();
  return {
    category: { path: `/kategoria/${top.slug}`, text: top.name },
    product: { path: `/tuotteet/${item.urlSlug.endsWith(`-${item.id}`) ? item.urlSlug : `${item.urlSlug}-${item.id}`}`, text: item.name },
  };
}

/** The visible texts of the page's main column: headings, paragraphs, alerts, the search box's text. */
const mainTexts = (scope) =>
  scope.evaluate((root) => {
    const main = root.querySelector('main');
    if (!main) return null;
    const texts = [...main.querySelectorAll('h1, h2, p, [role="alert"]')].map((el) => el.textContent.replace(/\s+/g, ' ').trim()).filter(Boolean);
    const search = main.querySelector('input[type="search"]');
    return { texts, search: search ? search.value : null };
  });

describe('first screen from the server', () => {
  let pages;
  before(async () => {
    const context = await newContext(browser, 390);
    pages = await samplePages(context.request);
    await context.close();
  });

  const cases = () => [
    { path: '/', text: 'Tervetuloa Hintakoriin!' },
    { path: '/haku?search=maito', text: 'Valitse kaupat, joiden hintoja haluat vertailla.', search: 'maito' },
    pages.category,
    pages.product,
    { path: '/kaupat', text: 'Katso kauppojen aukioloajat' },
    { path: '/ostoskorivertailu', text: 'Vertaa ostoskorisi tuotteiden hintoja' },
    { path: '/tietoa', text: 'Hintakori on vuoden 2019 alussa perustettu' },
  ];

  it('is in the page the server sends, and the app takes over with the same page: nothing moves, nothing larger paints later', async () => {
    for (const { path, text, search } of cases()) {
      const context = await newContext(browser, 390);
      const page = await context.newPage();
      // What the page looks like before any script: the same document with JavaScript off.
      const html = await (await context.request.get(`${BASE_URL}${path}`)).text();
      assert.match(html, /<div id="first-screen">/, `${path}: a first screen in the HTML`);
      assert.match(html, /<style id="first-screen-css" nonce="[^"]+">/, `${path}: its styles, with this response's nonce`);
      assert.ok(html.includes(text.replaceAll('&', '&amp;')), `${path}: the first screen has "${text}"`);
      await page.addInitScript(() => {
        window.__paints = [];
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__paints.push({ size: e.size, fromServer: Boolean(e.element?.closest('#first-screen')), removed: !e.element });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The server's copy rendered on its own (no scripts), for comparison with the app's page.
      const serverPage = await context.newPage();
      await serverPage.route('**/*.js', (route) => route.abort());
      await serverPage.goto(`${BASE_URL}${path}`);
      const fromServer = await mainTexts(serverPage.locator('#first-screen'));
      await serverPage.close();

      await page.goto(`${BASE_URL}${path}`);
      // The app shows once its page is there, and the server's copy is gone.
      await page.locator('#first-screen').waitFor({ state: 'detached' });
      await page.locator('#root main').waitFor();
      assert.equal(await page.locator('#first-screen-css').count(), 0, `${path}: the first screen's styles go with it`);
      await page.getByText(text).first().waitFor();
      const fromApp = await mainTexts(page.locator('#root'));
      // The app's page starts as the server's did: the same headings and paragraphs up to the first one the app
      // changes after its own reads (the store list's and cart's data come later).
      assert.ok(fromServer.texts.length > 0, `${path}: texts in the server's copy`);
      assert.deepEqual(fromApp.texts.slice(0, 2), fromServer.texts.slice(0, 2), `${path}: the app's first texts are the server's`);
      if (search) assert.equal(fromServer.search, search, `${path}: the search box shows the search`);
      const { paints, shift } = await page.evaluate(() => ({ paints: window.__paints, shift: window.__shift }));
      assert.ok(paints.length > 0 && paints[0].fromServer, `${path}: the first largest paint is the server's copy`);
      assert.ok(paints.every((p) => p.fromServer || p.removed), `${path}: no larger element painted by the app later (${JSON.stringify(paints)})`);
      assert.equal(shift, 0, `${path}: no layout shift`);
      await context.close();
    }
  });

  it('is not sent to a browser with chosen stores or a cart (its page would differ), nor for ?tuote=', async () => {
    const context = await newContext(browser, 390);
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.locator('#first-screen').waitFor({ state: 'detached' });
    // Choosing a store marks the browser; the next page comes without a new visitor's first screen.
    await page.getByRole('button', { name: 'Valitse lähimmät kaupat sijaintisi perusteella' }).first().click();
    await page.waitForFunction(() => document.cookie.includes('hk_personal='));
    const html = await (await context.request.get(`${BASE_URL}/`)).text();
    assert.doesNotMatch(html, /id="first-screen"/);
    await page.goto(`${BASE_URL}/kaupat`);
    await page.locator('#root main h1').waitFor();
    const plain = await (await browser.newContext()).request.get(`${BASE_URL}/?tuote=1`);
    assert.doesNotMatch(await plain.text(), /id="first-screen"/);
    await context.close();
  });

  it('comes compressed to a browser that accepts it (a phone waits one round trip less for its first paint)', async () => {
    /** The page's bytes as sent, and its headers. */
    const raw = (path, acceptEncoding) =>
      new Promise((resolve, reject) => {
        http
          .get(`${BASE_URL}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            const parts = [];
            res.on('data', (part) => parts.push(part));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
          })
          .on('error', reject);
      });
    for (const path of ['/', '/kaupat', '/tietoa']) {
      const plain = await raw(path, 'identity');
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(plain.body.toString(), /id="first-screen"/);
      const br = await raw(path, 'gzip, deflate, br');
      assert.equal(br.headers['content-encoding'], 'br', path);
      assert.match(br.headers.vary ?? '', /Accept-Encoding/i);
      const page = brotliDecompressSync(br.body).toString();
      assert.match(page, /id="first-screen"/, path);
      assert.ok(br.body.length < plain.body.length / 2, `${path}: ${br.body.length} of ${plain.body.length} bytes`);
      const gzip = await raw(path, 'gzip');
      assert.equal(gzip.headers['content-encoding'], 'gzip', path);
      assert.match(gunzipSync(gzip.body).toString(), /id="first-screen"/, path);
    }
  });
});
