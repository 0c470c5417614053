// The first seconds on a phone (issue 22): a new visitor types and taps on the server's first screen as soon as it
// is visible, before the app has taken over, on a 390 px phone with the CPU 4× slower (DevTools protocol). Every
// keystroke and the first tap count. Run against the booted system (production web build):
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/first-input.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, newContext } from './browser.mjs';

const KEY_DELAY_MS = 80;
let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** A new visitor's phone (no cookie: the server sends its first screen), the CPU 4× slower, at `path` as soon as the page commits. */
async function openThrottled(path) {
  const context = await newContext(browser, 390);
  context.setDefaultTimeout(15_000);
  // When the app took over: the server's copy gone and the app's root filled (as npm run lighthouse measures it).
  await context.addInitScript(() => {
    const seen = () => {
      if (!document.getElementById('first-screen') && document.getElementById('root')?.childElementCount) {
        window.__takeover ??= performance.now();
        return true;
      }
      return false;
    };
    new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
    // Whether the first tap and the first opening of a popover (the server copy's menu) came before the takeover,
    // noted in the page when they happen: asked afterwards, a takeover in between would answer for them.
    const onServerCopy = () => window.__takeover === undefined && Boolean(document.getElementById('first-screen'));
    addEventListener('click', () => (window.__tapBeforeTakeover ??= onServerCopy()), true);
    addEventListener('toggle', (event) => event.newState === 'open' && event.target.closest?.('#first-screen') && (window.__popoverBeforeTakeover ??= onServerCopy()), true);
  });
  const page = await context.newPage();
  // The app's scripts (/static/js/) wait until the test has made its first tap, as on a phone whose network is
  // slower than its shopper: the tap lands on the server's copy however loaded this machine is, and the app takes
  // over while the letters are being typed. Without the hold a loaded machine let the app take over between the
  // field showing and the tap, and the test tapped a detached copy.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/static/js/**', async (route) => {
    await held;
    await route.continue();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'commit' });
  return { context, page, release };
}

/** True when the page's first tap landed on the server's copy, before the app took over. */
const tappedBeforeTakeover = (page) => page.evaluate(() => window.__tapBeforeTakeover === true);

/**
 * Taps `field` as soon as it is visible, checks the app has not taken over yet, lets the app's scripts load, then
 * types `text` at 80 ms a key (the app takes over meanwhile).
 */
async function typeAtOnce({ page, release }, field, text, { end = false } = {}) {
  await field.waitFor({ state: 'visible' });
  await field.tap();
  assert.ok(await tappedBeforeTakeover(page), 'the field was used before the app took over');
  release();
  if (end) await page.keyboard.press('End');
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  await page.waitForFunction(() => window.__takeover !== undefined);
}

describe("typing and tapping on the server's first screen before the app takes over (390 px, CPU 4×)", () => {
  it('home: every letter typed into "Hae tuotteita" at once reaches the search, and the box keeps the focus', async () => {
    const opened = await openThrottled('/');
    const { context, page } = opened;
    await typeAtOnce(opened, page.locator('#first-screen').getByRole('searchbox', { name: 'Hae tuotteita' }), 'maitojuoma');
    await page.waitForURL(/\/haku\?search=maitojuoma$/);
    // The address changes before the search page is in place: its own search box replaces the home page's once it is.
    await page.getByText('Tervetuloa Hintakoriin!').waitFor({ state: 'detached' });
    const box = page.getByRole('searchbox', { name: 'Hae tuotteita' });
    assert.equal(await box.inputValue(), 'maitojuoma');
    assert.ok(await box.evaluate((el) => el === document.activeElement), 'the search box keeps the focus');
    await context.close();
  });

  it('search page: typing on at the end of the search text runs the search for the whole text', async () => {
    const opened = await openThrottled('/haku?search=maito');
    const { context, page } = opened;
    await typeAtOnce(opened, page.locator('#first-screen').getByRole('searchbox', { name: 'Hae tuotteita' }), 'juoma', { end: true });
    await page.waitForURL(/\/haku\?search=maitojuoma$/);
    assert.equal(await page.getByRole('searchbox', { name: 'Hae tuotteita' }).inputValue(), 'maitojuoma');
    await context.close();
  });

  it('store picker: the store search typed at once keeps its text and lists the stores found', async () => {
    const opened = await openThrottled('/');
    const { context, page } = opened;
    await typeAtOnce(opened, page.locator('#first-screen').getByRole('combobox', { name: 'Valitse kaupat' }).first(), 'Prisma');
    const picker = page.locator('#root').getByRole('combobox', { name: 'Valitse kaupat' }).first();
    assert.equal(await picker.inputValue(), 'Prisma');
    assert.ok(await picker.evaluate((el) => el === document.activeElement), 'the store search keeps the focus');
    await page.locator('#root').getByRole('option', { name: /Prisma/ }).first().waitFor();
    await context.close();
  });

  it('the menu opens on the first tap, before the app, and stays open (once) when the app takes over', async () => {
    const { context, page, release } = await openThrottled('/');
    const button = page.getByRole('button', { name: 'Avaa valikko' }).first();
    await button.waitFor({ state: 'visible' });
    await button.tap();
    assert.ok(await tappedBeforeTakeover(page), 'tapped before the app took over');
    // Open without the app: the server copy's menu (its popover) opened on that tap.
    await page.waitForFunction(() => window.__popoverBeforeTakeover !== undefined, undefined, { timeout: 2000 });
    assert.ok(await page.evaluate(() => window.__popoverBeforeTakeover), 'the menu opened before the app took over');
    release();
    await page.waitForFunction(() => window.__takeover !== undefined);
    // The app's menu in its place: open, not closed again by a second toggle.
    const drawer = page.getByTestId('mobile-drawer');
    await drawer.getByRole('link', { name: 'Kaupat' }).waitFor({ state: 'visible' });
    await page.waitForTimeout(500);
    assert.ok(await drawer.isVisible(), 'the app keeps the menu open');
    assert.equal(await page.getByRole('button', { name: 'Avaa valikko' }).getAttribute('aria-expanded'), 'true');
    await context.close();
  });
});

describe('the store list on a phone while the page loads (390 px, CPU 4×)', () => {
  it('builds the cards its box shows and no more until the shopper scrolls, then the next step', async () => {
    const { context, page, release } = await openThrottled('/kaupat');
    release();
    await page.waitForFunction(() => window.__takeover !== undefined);
    const cards = page.getByTestId('store-card');
    await cards.first().waitFor();
    // The page settles (its data, the categories read after it was shown) without a scroll.
    await page.waitForTimeout(2500);
    // STORE_CARDS_FIRST of StoreBrowser.tsx: 16 cards fill the 730 px box of a phone and reach below it.
    const first = await cards.count();
    assert.equal(first, 16, `${first} cards built before any scroll`);
    const list = page.getByTestId('store-list');
    const [box, content] = await list.evaluate((el) => [el.clientHeight, el.scrollHeight]);
    assert.ok(content > box, `the first cards fill the box (${content} px of content in ${box} px)`);
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="store-card"]').length > n, first);
    await context.close();
  });
});

/**
 * Every other page the server sends a first screen for, with the data at hand (a category, and a product of a store),
 * each with the field a phone shows on it, if any: the product search on shopping pages, the store search on the store
 * list, the store picker on the basket comparison.
 */
async function otherFirstScreenPages() {
  const json = async (path) => {
    const response = await fetch(`${BASE_URL}${path}`);
    assert.equal(response.status, 200, path);
    return response.json();
  };
  const [category] = (await json('/api/categories')).filter((c) => c.parentCategoryId === null);
  const [store] = await json('/api/stores/minimal?skip=0');
  const [item] = await json(`/api/items?search=maito&storeIds=${store.id}`);
  return [
    { path: `/kategoria/${category.slug}`, field: { role: 'searchbox', name: 'Hae tuotteita' }, heading: category.name },
    { path: `/tuotteet/${item.urlSlug}-${item.id}` },
    { path: '/kaupat', field: { role: 'combobox', name: 'Hae kauppoja' } },
    { path: '/ostoskorivertailu', field: { role: 'combobox', name: 'Valitse kaupat' } },
    { path: '/tietoa' },
    { path: '/tietoa/lahteet' },
  ];
}

describe('the same on every other page with a first screen (390 px, CPU 4×)', () => {
  it("keeps every letter typed at once into the page's field, with the focus, and opens the menu on the first tap", async () => {
    for (const { path, field, heading } of await otherFirstScreenPages()) {
      if (field) {
        const typing = await openThrottled(path);
        await typeAtOnce(typing, typing.page.locator('#first-screen').getByRole(field.role, { name: field.name }).first(), 'maitojuoma');
        if (field.role === 'searchbox') {
          await typing.page.waitForURL(/\/haku\?search=maitojuoma$/);
          // The address changes before the search page is in place: its own box replaces the page's once it is.
          await typing.page.getByRole('heading', { name: heading, level: 1 }).waitFor({ state: 'detached' });
        }
        const box = typing.page.locator('#root').getByRole(field.role, { name: field.name }).first();
        assert.equal(await box.inputValue(), 'maitojuoma', `${path}: ${field.name}`);
        assert.ok(await box.evaluate((el) => el === document.activeElement), `${path}: ${field.name} keeps the focus`);
        await typing.context.close();
      }

      const tapping = await openThrottled(path);
      const button = tapping.page.getByRole('button', { name: 'Avaa valikko' }).first();
      await button.waitFor({ state: 'visible' });
      await button.tap();
      assert.ok(await tappedBeforeTakeover(tapping.page), `${path}: tapped before the app took over`);
      tapping.release();
      await tapping.page.waitForFunction(() => window.__takeover !== undefined);
      await tapping.page.getByTestId('mobile-drawer').getByRole('link', { name: 'Kaupat' }).waitFor({ state: 'visible' });
      await tapping.page.waitForTimeout(300);
      assert.equal(await tapping.page.getByRole('button', { name: 'Avaa valikko' }).getAttribute('aria-expanded'), 'true', `${path}: the menu stays open`);
      await tapping.context.close();
    }
  });
});
