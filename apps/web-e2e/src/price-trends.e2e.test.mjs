// Browser e2e of the price pages (issue 26): /hintataso draws the reference basket's chart and the table of who
// is cheapest for the chosen stores and for a whole municipality, and /hinnanmuutokset lists the largest drops.
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/price-trends.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launch, newContext } from './browser.mjs';

async function api(path) {
  const response = await fetch(`${BASE_URL}/api${path}`);
  assert.equal(response.status, 200, `GET ${path} answered ${response.status}`);
  return response.json();
}

let browser;
let context;
let page;
let stores = [];

before(async () => {
  // Three stores of different groups, with their details (the selector keeps them so).
  const minimal = await api('/stores/minimal');
  const picked = ['S', 'K', 'L'].map((type) => minimal.find((s) => s.type === type)).filter(Boolean);
  stores = await Promise.all(picked.map((s) => api(`/stores/${s.id}`)));
  browser = await launch();
  context = await newContext(browser);
  // A loaded two-core machine answers a page in seconds.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  await page.goto(`${BASE_URL}/tietoa`);
  await page.evaluate((chosen) => {
    const selected = chosen.map((s) => ({ id: s.id, name: s.name, urlSlug: s.urlSlug, chain: s.chain, type: s.type, externalId: s.externalId ?? null }));
    localStorage.setItem('hintakori.selectedStores', JSON.stringify(selected));
  }, stores);
});

after(async () => {
  await browser?.close();
});

describe('/hintataso', () => {
  it('draws a line per chosen store and a table with the cheapest first', async () => {
    await page.goto(`${BASE_URL}/hintataso`);
    await page.getByRole('heading', { level: 1, name: 'Hintataso' }).waitFor();
    await page.getByTestId('price-level-chart').waitFor();
    const lines = page.getByTestId('price-level-line');
    assert.equal(await lines.count(), stores.length);
    // Each line has a point per day from the first day the history has a basket price (the standalone's demo feed
    // run reaches about 40 days back; the seeder's demo history 60).
    const points = await lines.first().getAttribute('points');
    assert.ok(points.split(' ').length >= 30, `points: ${points.split(' ').length}`);
    const rows = page.getByTestId('price-level-row');
    assert.equal(await rows.count(), stores.length);
    assert.ok((await rows.first().innerText()).includes('halvin'));
    const names = await rows.allInnerTexts();
    assert.ok(stores.every((s) => names.some((text) => text.includes(s.name))), names.join(' | '));
    // The basket, each product with why it is in it.
    const basket = page.getByTestId('basket-items').locator('li');
    assert.ok((await basket.count()) >= 10);
    assert.match(await basket.first().innerText(), /Edullisin laajasti myyty tuote luokassa/);
  });

  it('shows the stores of a whole municipality', async () => {
    const city = stores.find((s) => s.city)?.city;
    assert.ok(city, 'a demo store has a city');
    await page.getByRole('button', { name: 'Koko kunta' }).click();
    await page.getByLabel('Kunta').fill(city);
    await page.getByRole('button', { name: 'Näytä' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="price-level-row"]').length > 0);
    await page.getByTestId('price-level-chart').waitFor();
    assert.ok((await page.getByTestId('price-level-row').count()) >= 1);
  });
});

describe('/hinnanmuutokset', () => {
  it('lists drops in the chosen stores, largest first', async () => {
    // Wide enough a window for the demo's changes: 30 days.
    await page.goto(`${BASE_URL}/hinnanmuutokset`);
    await page.getByRole('heading', { level: 1, name: 'Hinnanmuutokset' }).waitFor();
    await page.getByLabel('Aikaväli').selectOption('30');
    const changes = page.getByTestId('price-change');
    await changes.first().waitFor();
    const percents = (await changes.allInnerTexts()).map((text) => Number(/−([\d,]+) %/.exec(text)[1].replace(',', '.')));
    assert.ok(percents.length > 0);
    assert.ok(percents.every((p, i) => i === 0 || p <= percents[i - 1]), `largest first: ${percents.join(', ')}`);
  });
});
