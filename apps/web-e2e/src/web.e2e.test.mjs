// End-to-end tests of the web app through a real browser. Run against the booted system:
//   BASE_URL=http://localhost:3000 node --test --test-concurrency=1 apps/web-e2e/src/
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BASE_URL, cents, cspViolationReport, launch, newContext, visitedPages } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SHOTS = path.join(ROOT, 'dist/screenshots');
const PRODUCT_QUERIES = (process.env.PRODUCT_QUERIES || 'maito,leipä,juusto,kahvi,omena,a').split(',');
const STORE_QUERY = process.env.STORE_QUERY || 'Prisma';

let browser;
let context; // the shopper: stores selected, three products in the cart
let page;
const state = { names: [], shareUrl: '', productSlug: '', storePath: '', offersPath: '', categoryPath: '' };

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  context = await newContext(browser, 1280);
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

after(async () => {
  await browser?.close();
});

async function selectStores(p) {
  await p.goto(`${BASE_URL}/`);
  await p.getByRole('button', { name: 'Valitse lähimmät kaupat sijaintisi perusteella' }).click();
  const chips = p.getByRole('list', { name: 'Valitut kaupat' }).getByRole('listitem');
  try {
    await chips.first().waitFor({ timeout: 10_000 });
  } catch {
    // No stores near the test position: pick two from a text search instead.
    for (let i = 0; i < 2; i++) {
      const box = p.getByRole('combobox', { name: 'Valitse kaupat' });
      await box.fill(STORE_QUERY);
      await p.getByRole('option').first().waitFor();
      await p.getByRole('option').first().click();
    }
  }
  return chips.count();
}

describe('shopping flow', () => {
  it('chooses stores (the 4 nearest by geolocation)', async () => {
    const count = await selectStores(page);
    assert.ok(count >= 1 && count <= 4, `selected ${count} stores`);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('hintakori.selectedStores') || '[]'));
    assert.equal(saved.length, count);
  });

  it('searches and adds three products to the cart', async () => {
    const search = page.getByRole('searchbox', { name: 'Hae tuotteita' });
    for (const query of PRODUCT_QUERIES) {
      if (state.names.length >= 3) break;
      await search.fill(query);
      await page.waitForURL((url) => url.pathname === '/haku' && url.searchParams.get('search') === query);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: /Tulokset haulle|Ei tuloksia haulla/ }).waitFor();
      await page.getByTestId('skeleton-card').first().waitFor({ state: 'detached' }).catch(() => undefined);
      const buttons = page.getByRole('button', { name: /^Lisää ostoskoriin: / });
      const n = await buttons.count();
      for (let i = 0; i < n && state.names.length < 3; i++) {
        const button = buttons.nth(0);
        const name = (await button.getAttribute('aria-label')).replace('Lisää ostoskoriin: ', '');
        if (state.names.includes(name)) break;
        await button.click();
        state.names.push(name);
      }
    }
    assert.equal(state.names.length, 3, `found products: ${state.names.join(', ')}`);
    await assertCartBadge(page, 3);
    const href = await page.getByTestId('product-card').first().locator('a').first().getAttribute('href');
    state.productSlug = new URLSearchParams(href.replace(/^.*\?/, '')).get('tuote');
    assert.match(state.productSlug, /-\d+$/);
  });

  it('shows the cart with per-store totals', async () => {
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.waitFor();
    assert.equal(await cart.getByTestId('cart-line').count(), 3);
    for (const name of state.names) assert.ok(await cart.getByText(name, { exact: true }).first().isVisible());
    await cart.getByTestId('store-total-row').first().waitFor();
    assert.match(await cart.getByTestId('cart-total').innerText(), /Yhteensä\s*\d+,\d{2} €/);
    // The cart id is saved once the server answered.
    await page.waitForFunction(() => (localStorage.getItem('hintakori.cartId') || 'NO_ID') !== 'NO_ID');
  });

  it('compares with the cheapest store highlighted', async () => {
    await page.getByRole('dialog', { name: 'Ostoskori' }).getByRole('button', { name: 'Vertaa' }).click();
    const compare = page.getByRole('dialog', { name: 'Vertaa hintoja' });
    await compare.waitFor();
    const rows = compare.getByTestId('store-total-row');
    await rows.first().waitFor();
    assert.equal(await rows.first().getAttribute('data-cheapest'), 'true');
    assert.ok(await rows.first().getByText('Halvin').isVisible());
    const totals = [];
    for (let i = 0; i < (await rows.count()); i++) totals.push(cents(await rows.nth(i).innerText()));
    assert.deepEqual([...totals].sort((a, b) => a - b), totals, 'stores are listed cheapest first');
    for (let i = 1; i < totals.length; i++) assert.match(await rows.nth(i).innerText(), /\+\d+,\d{2} € \(\+\d+ %\)/);
  });

  it('shares the cart by link', async () => {
    await page.getByRole('dialog', { name: 'Vertaa hintoja' }).getByRole('button', { name: 'Jaa' }).click();
    const share = page.getByRole('dialog', { name: 'Jaa' });
    await share.waitFor();
    state.shareUrl = await share.getByRole('textbox', { name: 'Jaettava linkki' }).inputValue();
    assert.match(state.shareUrl, /\/ostoskorit\/[^/]+$/);
    for (const name of ['Facebook', 'Twitter', 'WhatsApp', 'Telegram', 'LinkedIn', 'Sähköposti']) {
      assert.ok(await share.getByRole('link', { name: `Jaa: ${name}` }).isVisible());
    }
    await share.getByRole('button', { name: 'Kopioi' }).click();
    await page.getByText('Linkki kopioitu leikepöydälle').waitFor();
    await page.keyboard.press('Escape');
  });

  it("opens the link as 'Jaettu ostoskori' in a fresh browser with the same lines", async () => {
    const fresh = await newContext(browser, 1280);
    const p = await fresh.newPage();
    await p.goto(state.shareUrl.replace(/^https?:\/\/[^/]+/, BASE_URL));
    await p.getByRole('heading', { name: 'Jaettu ostoskori' }).waitFor();
    const lines = p.getByTestId('shared-cart-lines').getByTestId('cart-line');
    await lines.first().waitFor();
    assert.equal(await lines.count(), 3);
    const text = await p.getByTestId('shared-cart-lines').innerText();
    for (const name of state.names) assert.ok(text.includes(name), `shared cart lists ${name}`);
    assert.equal(await p.evaluate(() => localStorage.getItem('hintakori.selectedStores')), null);
    await fresh.close();
  });

  it('shows the basket comparison table', async () => {
    await page.goto(`${BASE_URL}/ostoskorivertailu`);
    await page.getByRole('heading', { name: 'Ostoskorivertailu' }).waitFor();
    await page.getByTestId('comparison-table').waitFor();
    await page.getByRole('button', { name: 'Hae hinnat' }).click();
    const table = page.getByTestId('comparison-table');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr:not([data-totals])').count(), 3);
    assert.ok(await table.getByTestId('totals-row-bottom').getByText('Halvin').isVisible());
  });
});

describe('stores', () => {
  it('lists stores and opens a store page with badge and nearby stores', async () => {
    await page.goto(`${BASE_URL}/kaupat`);
    await page.getByRole('heading', { name: 'Kaupat', level: 1 }).waitFor();
    assert.ok(await page.getByRole('combobox', { name: 'Hae kauppoja' }).isVisible());
    const cards = page.getByTestId('store-card');
    await cards.first().waitFor();
    // Infinite scroll: keep scrolling the list until the end message shows.
    const list = page.getByTestId('store-list');
    for (let i = 0; i < 60 && !(await page.getByText('Tässä kaikki kaupat!').isVisible()); i++) {
      await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.waitForTimeout(400);
    }
    assert.ok(await page.getByText('Tässä kaikki kaupat!').isVisible());
    const firstHref = await cards.first().getAttribute('href');
    assert.match(firstHref, /^\/kaupat\/.+-\d+$/);
    await cards.first().click();
    await page.waitForURL(/\/kaupat\/.+-\d+$/);
    state.storePath = new URL(page.url()).pathname;
    const badge = page.getByTestId('open-badge');
    await badge.waitFor();
    assert.match(await badge.innerText(), /^(Avoinna|Suljettu|Suljetaan pian \(\d+ min\))$/);
    const nearby = page.getByTestId('nearby-stores');
    await nearby.getByRole('heading', { name: 'Muut lähellä olevat kaupat:' }).waitFor();
    await nearby.getByRole('link').first().waitFor();
    const links = await nearby.getByRole('link').count();
    assert.ok(links >= 1 && links <= 4, `${links} nearby stores`);
    assert.match(await nearby.getByRole('link').first().innerText(), /\d+(,\d)? (km|m)$/);
  });

  it('redirects a text slug to the first matching store', async () => {
    const slugText = state.storePath.split('/').pop().replace(/-\d+$/, '');
    await page.goto(`${BASE_URL}/kaupat/${slugText}`);
    await page.waitForURL(/\/kaupat(\/.+-\d+)?$/);
  });

  it("shows 'Kauppaa ei löytynyt' for an unknown store id", async () => {
    await page.goto(`${BASE_URL}/kaupat/olematon-kauppa-999999999`);
    await page.getByRole('heading', { name: 'Kauppaa ei löytynyt' }).waitFor();
  });

  it('shows store offers', async () => {
    await page.goto(`${BASE_URL}${state.storePath.replace('/kaupat/', '/tarjoukset/')}`);
    await page.getByRole('heading', { name: 'Tarjoukset' }).waitFor();
    state.offersPath = new URL(page.url()).pathname;
    await page.waitForFunction(() => document.querySelector('[data-testid="offer-tiles"]') || document.body.innerText.includes('Ei tiedossa olevia tarjouksia'));
  });
});

describe('price map', () => {
  it('shows clustered store markers and cart totals', async () => {
    await page.goto(`${BASE_URL}/hintakartta`);
    const map = page.getByTestId('price-map');
    await map.waitFor();
    await page.locator('.hk-cluster, .hk-pin').first().waitFor();
    assert.ok((await page.locator('.hk-cluster').count()) > 0, 'markers are clustered');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="price-map"]')?.getAttribute('data-totals-count')) > 0);
    // Zoom in until individual markers show their total.
    const shownTotals = () => page.evaluate(() => [...document.querySelectorAll('.leaflet-tooltip.hk-total')].map((e) => e.textContent).filter((t) => /\d+,\d{2} €/.test(t)).length);
    for (let i = 0; i < 4 && (await shownTotals()) === 0; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(1200);
    }
    assert.ok((await shownTotals()) > 0, 'store totals are shown on the map');
  });
});

describe('product page', () => {
  it('shows a product and its not-found text', async () => {
    await page.goto(`${BASE_URL}/tuotteet/${state.productSlug}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    assert.ok(state.names.includes(await page.getByRole('heading', { level: 1 }).innerText()));
    assert.ok(await page.getByText('Ravintosisältö').isVisible());
    assert.ok(await page.getByText('Ainesosat').isVisible());
    assert.ok((await page.getByTestId('store-price-row').count()) >= 1);
    await page.goto(`${BASE_URL}/tuotteet/olematon-tuote-999999999`);
    await page.getByRole('heading', { name: 'Tuotetta ei löytynyt' }).waitFor();
    await page.goto(`${BASE_URL}/tuotteet/ei-numeroa`);
    await page.getByRole('heading', { name: 'Tuotetta ei löytynyt' }).waitFor();
  });

  it('opens the product modal from ?tuote= and closes it', async () => {
    await page.goto(`${BASE_URL}/?tuote=${state.productSlug}`);
    const modal = page.getByTestId('product-modal');
    await modal.getByText('Ravintosisältö').waitFor();
    await modal.getByRole('button', { name: 'Sulje' }).click();
    await page.waitForURL((url) => !url.searchParams.has('tuote'));
  });
});

describe('errors and navigation', () => {
  it('shows the 404 page with a link home', async () => {
    for (const p of ['/tama-sivu-ei-ole', '/admin/kategoriat']) {
      await page.goto(`${BASE_URL}${p}`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    }
    await page.getByRole('link', { name: 'Takaisin etusivulle' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    await page.waitForFunction(() => document.title === 'Hintakori');
  });

  it('opens and closes the mobile drawer', async () => {
    const mobile = await newContext(browser, 390);
    const p = await mobile.newPage();
    await p.goto(`${BASE_URL}/tietoa`);
    await p.waitForFunction(() => document.title === 'Tietoa | Hintakori');
    const menu = p.getByRole('button', { name: 'Avaa valikko' });
    await menu.click();
    const drawer = p.getByRole('dialog', { name: 'Valikko' });
    await drawer.waitFor();
    assert.equal(await drawer.getByRole('link', { name: 'Tietoa' }).getAttribute('aria-current'), 'page');
    await drawer.getByRole('link', { name: 'Kaupat' }).click();
    await p.waitForURL(`${BASE_URL}/kaupat`);
    await drawer.waitFor({ state: 'detached' });
    await menu.click();
    await p.getByRole('dialog', { name: 'Valikko' }).getByRole('button', { name: 'Sulje' }).click();
    await p.getByRole('dialog', { name: 'Valikko' }).waitFor({ state: 'detached' });
    await mobile.close();
  });
});

describe('screenshots', () => {
  const routes = () => [
    ['home', '/'],
    ['haku', '/haku?search=' + encodeURIComponent(PRODUCT_QUERIES[0])],
    ['kategoria', state.categoryPath || '/kategoria/maito-juusto-munat-ja-rasvat'],
    ['ostoskorivertailu', '/ostoskorivertailu'],
    ['hintakartta', '/hintakartta'],
    ['kaupat', '/kaupat'],
    ['kauppa', state.storePath],
    ['tarjoukset', '/tarjoukset'],
    ['tarjoukset-kauppa', state.offersPath],
    ['tuote', `/tuotteet/${state.productSlug}`],
    ['tuote-modal', `/?tuote=${state.productSlug}`],
    ['jaettu-ostoskori', state.shareUrl.replace(/^https?:\/\/[^/]+/, '')],
    ['reseptit', '/reseptit'],
    ['blogi', '/blogi'],
    ['blogi-artikkeli', '/blogi/hintakori-uudistui'],
    ['ota-yhteytta', '/ota-yhteytta'],
    ['tietoa', '/tietoa'],
    ['tietosuojalauseke', '/tietosuojalauseke'],
    ['kayttoehdot', '/kayttoehdot'],
    ['404', '/tama-sivu-ei-ole'],
  ];

  it('finds a category for the category screenshot', async () => {
    const categories = await page.evaluate(async () => (await fetch('/api/categories')).json());
    const top = categories.find((c) => c.parentCategoryId === null);
    assert.ok(top, 'there is a top-level category');
    state.categoryPath = `/kategoria/${top.slug}`;
  });

  for (const width of [1280, 390]) {
    it(`captures every main route at ${width} px`, async () => {
      const storage = await context.storageState();
      const shots = await browser.newContext({
        storageState: storage,
        viewport: { width, height: width < 600 ? 844 : 900 },
        locale: 'fi-FI',
        timezoneId: 'Europe/Helsinki',
        isMobile: width < 600,
      });
      const p = await shots.newPage();
      for (const [name, route] of routes()) {
        if (!route) continue;
        await p.goto(`${BASE_URL}${route}`);
        await p.waitForLoadState('networkidle').catch(() => undefined);
        await p.waitForTimeout(name.startsWith('hintakartta') || name === 'kauppa' ? 1500 : 400);
        await p.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: !name.startsWith('hintakartta') && name !== 'tuote-modal' });
      }
      // Overlays on the home page.
      await p.goto(`${BASE_URL}/`);
      await p.getByTestId('cart-button').click();
      await p.getByTestId('cart-line').first().waitFor();
      await p.waitForTimeout(800);
      await p.screenshot({ path: path.join(SHOTS, `ostoskori-${width}.png`) });
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Kategoriat' }).click();
      await p.getByRole('dialog', { name: 'Kategoriat' }).waitFor();
      await p.waitForTimeout(600);
      await p.screenshot({ path: path.join(SHOTS, `kategoriat-${width}.png`) });
      await shots.close();
      assert.ok(fs.readdirSync(SHOTS).filter((f) => f.endsWith(`-${width}.png`)).length >= routes().length);
    });
  }
});

async function assertCartBadge(p, expected) {
  await p.waitForFunction((n) => document.querySelector('[data-testid="cart-count"]')?.textContent === String(n), expected);
}

describe('security headers', () => {
  it('sends the Content-Security-Policy with a fresh nonce that the page carries for styled-components', async () => {
    const first = await fetch(`${BASE_URL}/tuotteet/x`);
    const second = await fetch(`${BASE_URL}/tuotteet/x`);
    const csp = first.headers.get('content-security-policy') ?? '';
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /worker-src 'self'/);
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, csp);
    assert.notEqual(nonce, /'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1]);
    assert.ok((await first.text()).includes(`nonce="${nonce}"`), 'index.html carries the nonce of its own response');
    assert.equal(first.headers.get('cross-origin-opener-policy'), 'same-origin');
    assert.equal(first.headers.get('strict-transport-security'), null, 'no HSTS over plain HTTP');
  });

  it('no page visited broke the Content-Security-Policy', () => {
    assert.ok(visitedPages.size >= 5, `visited ${[...visitedPages].join(', ')}`);
    assert.equal(cspViolationReport(), '', `CSP violations on ${[...visitedPages].join(', ')}`);
  });
});
