// What a stranger could write into a source (OpenStreetMap, Open Food Facts, Open Prices, a chain's shop) is shown as
// plain text everywhere a shopper looks. A feed of hostile names (generated below, in the generic JSON Lines format) is
// fed through `npm run ingest` into the running standalone (its PostgreSQL on WEB_E2E_PG_PORT, as run.mjs starts it),
// then the search, the first screen of /haku, the product pages, the store's page, the price map, the comparison and
// its CSV export are opened: no script may run (`window.__pwned` stays unset, no CSP violation), the names read as
// text, the CSV's cells never start with a formula, and the `javascript:` picture is refused.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { api, BASE_URL, cspViolationReport, launch, newContext, openAs, pageSlug } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PG_PORT = process.env.WEB_E2E_PG_PORT || '54338';

/** EAN-13 with its check digit. */
function ean13(body) {
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const STORE = { storeId: 'HOSTILE-1', name: '<img src=x onerror=window.__pwned=1> Prisma', address: '</script><script>window.__pwned=1</script> 1' };
const PRODUCTS = [
  { name: '=HYPERLINK("https://x/","Klikkaa") vihamaito', shown: 'HYPERLINK("https://x/","Klikkaa") vihamaito' },
  { name: '</script><script>window.__pwned=1</script> vihaleipä', shown: '</script><script>window.__pwned=1</script> vihaleipä' },
  { name: '<img src=x onerror="window.__pwned=1"> vihajuusto', shown: '<img src=x onerror="window.__pwned=1"> vihajuusto' },
  { name: 'Rivi\u2028erotin\u2029vihakahvi', shown: null },
  { name: `Vihapitkä ${'a'.repeat(1_000_000)}`, shown: null },
  { name: '@SUM(1+1) vihakuva', shown: 'SUM(1+1) vihakuva', image: 'javascript:window.__pwned=1' },
].map((p, i) => ({ ...p, ean: ean13(`64199900000${i + 1}`) }));

function hostileFeed() {
  const lines = [{ kind: 'store', storeId: STORE.storeId, chain: 'prisma', name: STORE.name, address: STORE.address, postalCode: '00100', city: 'Helsinki', lat: 60.1699, long: 24.9384 }];
  for (const p of PRODUCTS) lines.push({ kind: 'product', ean: p.ean, name: p.name, category: ['Vihamieliset', 'Testi'], ...(p.image ? { image: p.image } : {}) });
  PRODUCTS.forEach((p, i) => lines.push({ kind: 'price', storeId: STORE.storeId, ean: p.ean, price: 1.19 + i * 0.5 }));
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

describe('hostile names from a source are plain text everywhere', { skip: process.env.HOSTILE_E2E === 'false' ? 'HOSTILE_E2E=false' : false }, () => {
  let browser;
  let context;
  let dir;
  let store;
  let items;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hostile-'));
    const feed = path.join(dir, 'hostile.jsonl');
    writeFileSync(feed, hostileFeed());
    // As a stranger's data would come: through the ingest pipeline of the running site.
    const ingest = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', 'jsonl:hostile', '--file', feed], {
      cwd: root,
      env: { ...process.env, PG_PORT, HINTAKORI_PROFILE: 'standalone' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    assert.equal(ingest.status, 0, `npm run ingest failed:\n${ingest.stdout}\n${ingest.stderr}`);
    assert.match(ingest.stdout, /completed/);
    // The search index takes the new products up shortly after the run.
    for (let i = 0; i < 120; i++) {
      [store] = (await api('/stores?search=Prisma')).filter((s) => s.externalId === STORE.storeId || s.name.includes('onerror'));
      if (store) {
        items = await api(`/items?search=viha&storeIds=${store.id}&limit=50`);
        if (items.length >= 4) break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(store, 'the hostile store came in');
    assert.ok(items.length >= 4, `the hostile products came in (${items.length})`);
    browser = await launch();
    context = await newContext(browser, 1280);
    // A script that ran would set this; the probe reads it on every page.
    await context.addInitScript(() => Object.defineProperty(window, '__pwnedSeen', { value: () => window.__pwned === 1 }));
  });

  after(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const noScriptRan = async (page) => {
    assert.equal(await page.evaluate(() => window.__pwned === 1), false, `a script ran on ${page.url()}`);
    assert.equal(cspViolationReport(), '', 'no page broke the Content-Security-Policy');
  };

  it('the names were cleaned at ingest: no formula at the start, no line separators, a 1 MB name cut, the javascript: picture dropped', async () => {
    const byEan = new Map(items.map((i) => [i.ean, i]));
    const formula = byEan.get(PRODUCTS[0].ean);
    assert.equal(formula.name, PRODUCTS[0].shown);
    const separators = byEan.get(PRODUCTS[3].ean);
    assert.ok(separators && !/[\u2028\u2029]/.test(separators.name), 'U+2028 and U+2029 are gone');
    const long = await api(`/items/byEan/${PRODUCTS[4].ean}`);
    assert.ok(long.name.length <= 300, `the 1 MB name is cut (${long.name.length} characters)`);
    const picture = byEan.get(PRODUCTS[5].ean) ?? (await api(`/items/byEan/${PRODUCTS[5].ean}`));
    assert.ok(!picture.pictureUrl || !/^javascript:/i.test(picture.pictureUrl), 'the javascript: picture is refused');
  });

  it('the first screens escape them: /haku with a hostile query, and a hostile product’s page', async () => {
    // /haku renders the query itself into its first screen: a stranger's link may carry markup.
    const query = '</script><script>window.__pwned=1</script><img src=x onerror=window.__pwned=1>';
    const search = await fetch(`${BASE_URL}/haku?search=${encodeURIComponent(query)}`);
    assert.equal(search.status, 200);
    const searchHtml = await search.text();
    assert.ok(!searchHtml.includes('<script>window.__pwned') && !searchHtml.includes('<img src=x onerror'), 'no markup of the query in the page');
    // A product page's first screen renders the product's name, escaped.
    const item = items.find((i) => i.ean === PRODUCTS[1].ean);
    const productPage = await fetch(`${BASE_URL}/tuotteet/${pageSlug(item)}`);
    assert.equal(productPage.status, 200);
    const html = await productPage.text();
    assert.ok(!html.includes('<script>window.__pwned'), 'no script of theirs in the page');
    assert.ok(html.includes('&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt; vihaleipä'), 'the name is in the first screen, escaped');
    for (const path of [`/haku?search=${encodeURIComponent(query)}`, `/tuotteet/${pageSlug(item)}`]) {
      const page = await openAs(context, path, { stores: [store] });
      await page.locator('#root').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      await noScriptRan(page);
      await page.close();
    }
  });

  it('search, product pages, the store’s page and the price map show them as text', async () => {
    const page = await openAs(context, '/', { stores: [store] });
    await page.getByRole('searchbox', { name: 'Hae tuotteita' }).fill('vihajuusto');
    await page.getByText(PRODUCTS[2].shown).first().waitFor();
    await noScriptRan(page);
    for (const product of [PRODUCTS[0], PRODUCTS[1], PRODUCTS[2]]) {
      const item = items.find((i) => i.ean === product.ean);
      await page.goto(`${BASE_URL}/tuotteet/${pageSlug(item)}`);
      await page.getByRole('heading', { level: 1, name: product.shown }).waitFor();
      await noScriptRan(page);
    }
    await page.goto(`${BASE_URL}/kaupat/${pageSlug(store)}`);
    await page.getByRole('heading', { level: 1, name: store.name }).waitFor();
    assert.ok((await page.getByRole('main').innerText()).includes(STORE.address), 'the address reads as text');
    await noScriptRan(page);
    await page.goto(`${BASE_URL}/hintakartta`);
    await page.locator('.leaflet-container').first().waitFor();
    await noScriptRan(page);
    await page.close();
  });

  it('the comparison shows them as text and its CSV export starts no cell with a formula', async () => {
    let cartId = 'NO_ID';
    for (const product of [PRODUCTS[0], PRODUCTS[1], PRODUCTS[5]]) {
      const item = items.find((i) => i.ean === product.ean) ?? (await api(`/items/byEan/${product.ean}`));
      cartId = (await api(`/shoppingCarts/${cartId}/items/${item.id}`, { method: 'PUT' })).id;
    }
    const page = await openAs(context, '/ostoskorivertailu', { stores: [store], cartId });
    await page.getByText(PRODUCTS[1].shown).first().waitFor();
    await noScriptRan(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    const cells = csv.split(/\r?\n/).flatMap((line) => line.split(';')).map((cell) => cell.replace(/^"|"$/g, ''));
    assert.ok(cells.some((cell) => cell.includes('HYPERLINK')), 'the product is in the export');
    // (A negative number is a number, not a formula.)
    for (const cell of cells) assert.ok(!/^([=+@\t\r]|-(?!\d))/.test(cell), `a cell starts with a formula: ${cell.slice(0, 60)}`);
    await page.close();
  });
});
