// Browser e2e of issue 26's barcode scanner and comparison export, as a shopper uses them:
// - on a 390 px phone, "Skannaa viivakoodi" opens the camera; Chromium's fake camera plays a video this test draws
//   of a real product's EAN-13, and the product page opens with its prices in the chosen stores and "Lisää ostoskoriin";
// - without a camera the digits are typed: a wrong check digit gets a Finnish error, an unknown code says so and
//   offers a text search;
// - /ostoskorivertailu downloads a CSV that parses back (BOM, semicolons, decimal commas) to the totals on screen.
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/scan-export.e2e.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import Papa from 'papaparse';
import { BASE_URL, api, cents, cspViolationReport, launch, newContext, openAs, pageSlug as slug } from './browser.mjs';
import { writeBarcodeY4m } from './ean-barcode.mjs';

/**
 * The home page with the chosen stores, and "Skannaa viivakoodi" tapped. The button is the app's, not the server's
 * first screen's: the tap waits until the app has replaced that screen.
 */
async function openScanner(context) {
  const page = await openAs(context, '/', { stores });
  await page.waitForFunction(() => !document.getElementById('first-screen'));
  await page.getByRole('button', { name: 'Skannaa viivakoodi' }).click();
  return page;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'hintakori-scan-'));
let stores;
let item;
let browser;

before(async () => {
  const all = await api('/stores/minimal?skip=0');
  stores = [all.find((s) => s.type === 'S'), all.find((s) => s.type === 'K')].filter(Boolean);
  const ids = stores.map((s) => s.id).join(',');
  const found = await api(`/items?search=maito&storeIds=${ids}&limit=30`);
  item = found.find((i) => /^\d{13}$/.test(i.ean ?? '') && i.storeItems.some((p) => p.price !== null));
  assert.ok(item, 'a priced milk with an EAN-13 in the demo data');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
  assert.equal(cspViolationReport(), '', 'no Content-Security-Policy violation');
});

describe('barcode scanner', () => {
  it("reads an EAN-13 from the phone's camera and opens the product with its prices and 'Lisää ostoskoriin'", async () => {
    const video = path.join(dir, 'barcode.y4m');
    writeBarcodeY4m(video, item.ean);
    // Its own Chromium: the fake camera is a launch flag. The fake UI grants the camera without a prompt.
    const camera = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await camera.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fi-FI', permissions: ['camera'], serviceWorkers: 'block' });
      context.setDefaultTimeout(30_000);
      const page = await openScanner(context);
      await page.waitForURL(new RegExp(`/tuotteet/${slug(item)}$`), { timeout: 60_000 });
      await page.getByRole('button', { name: `Lisää ostoskoriin: ${item.name}` }).first().waitFor();
      const text = await page.locator('main').innerText();
      const priced = item.storeItems.find((p) => p.price !== null);
      assert.ok(Number.isFinite(cents(text)), 'a price in euros on the product page');
      assert.ok(text.includes(stores.find((s) => s.id === priced.storeId).name), 'the chosen store that prices it');
      await context.close();
    } finally {
      await camera.close();
    }
  });

  it('without a camera takes typed digits: a Finnish error for a wrong check digit, an unknown code offers a text search', async () => {
    const context = await newContext(browser, 390); // no camera permission and no camera in this Chromium
    const page = await openScanner(context);
    await page.getByTestId('camera-off').waitFor();
    const digits = page.getByLabel('Viivakoodin numerot');
    const wrong = item.ean.slice(0, 12) + ((Number(item.ean[12]) + 1) % 10);
    await digits.fill(wrong);
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    await page.getByText('Viivakoodin tarkistusnumero ei täsmää: tarkista numerot.').waitFor();
    await digits.fill('12345');
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    await page.getByText('Viivakoodissa on 8 tai 13 numeroa (EAN-8 tai EAN-13).').waitFor();
    await digits.fill('2000000000015'); // a valid code no product has
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    await page.getByText('Viivakoodilla 2000000000015 ei löytynyt tuotetta.').waitFor();
    await page.getByTestId('scanner-text-search').click();
    await page.getByTestId('scanner').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Hae tuotteita'); // the search box has the focus
    // Typed right, the digits open the product.
    await page.getByRole('button', { name: 'Skannaa viivakoodi' }).click();
    await page.getByLabel('Viivakoodin numerot').fill(item.ean);
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    await page.waitForURL(new RegExp(`/tuotteet/${slug(item)}$`));
    await context.close();
  });
});

describe('basket comparison export', () => {
  it('downloads a CSV Finnish Excel opens as it is, which parses back to the totals on screen, and JSON', async () => {
    const ids = stores.map((s) => s.id);
    const second = (await api(`/items?search=leipä&storeIds=${ids.join(',')}&limit=10`))[0];
    let cartId = 'NO_ID';
    for (const id of [item.id, second.id]) cartId = (await api(`/shoppingCarts/${cartId}/items/${id}`, { method: 'PUT' })).id;
    const context = await newContext(browser, 1280);
    const page = await openAs(context, '/ostoskorivertailu', { stores, cartId });
    const totalsRow = page.getByTestId('totals-row-bottom');
    await totalsRow.waitFor();
    const screenTotals = (await totalsRow.locator('td').allInnerTexts()).slice(1).map((t) => cents(t));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    assert.match(download.suggestedFilename(), /^ostoskorivertailu-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync(await download.path());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 byte-order mark');
    const rows = Papa.parse(bytes.toString('utf8').slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    assert.deepEqual(rows[0], ['Tuote', 'EAN', 'Määrä', ...stores.map((s) => `${s.name} (€)`), 'Arvioitu hinta kaupoissa']);
    assert.equal(rows.length, 4, 'header, two products, totals');
    assert.ok(rows.slice(1, 3).some((r) => r[0] === item.name && r[1] === item.ean));
    const totals = rows[3];
    assert.equal(totals[0], 'Yhteensä');
    const csvTotals = totals.slice(3, 3 + stores.length).map((t) => {
      assert.match(t, /^\d+,\d{2}$/, 'a decimal comma');
      return Math.round(Number(t.replace(',', '.')) * 100);
    });
    assert.deepEqual(csvTotals, screenTotals);

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
    const parsed = JSON.parse(readFileSync(await json.path(), 'utf8'));
    assert.deepEqual(parsed.stores.map((s) => s.total), screenTotals);
    assert.deepEqual(parsed.items.map((i) => i.itemId).sort(), [item.id, second.id].sort());
    await context.close();
  });
});
