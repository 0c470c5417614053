// The site on real, openly licensed data (HINTAKORI_DATA=real, `npm start -- --real`), filled at start from the local
// stand-ins of OpenStreetMap, Open Prices and Open Food Facts (libs/price-ingest/service/fixtures), and of the chains'
// web shops S-kaupat, K-Ruoka and Lidl (INGEST_CHAIN_SOURCES, as an operator enables them): a shopper picks
// real stores, finds a real product, sees where each price came from, compares a cart across the stores, reads a
// store's real opening hours (or that they are not known), and the sources page with the licences.
// apps/web-e2e/run.mjs boots that site on its own port and runs this suite with REAL_DATA_URL; without it the suite is skipped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cents, cspViolationReport, launch, newContext } from './browser.mjs';

const BASE = process.env.REAL_DATA_URL?.replace(/\/$/, '');

describe('real data (OpenStreetMap, Open Prices, Open Food Facts)', { skip: BASE ? false : 'REAL_DATA_URL is not set (apps/web-e2e/run.mjs sets it)' }, () => {
  let browser;
  let page;
  const api = async (path) => {
    const response = await fetch(`${BASE}/api${path}`);
    assert.equal(response.status, 200, `${path} answered ${response.status}`);
    return response.json();
  };

  before(async () => {
    browser = await launch();
    const context = await newContext(browser, 1280);
    // Open Food Facts' picture host, answered here (no network on this machine): a 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await context.route('https://images.openfoodfacts.org/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: png }));
    page = await context.newPage();
    page.on('pageerror', (e) => console.error('[pageerror]', e.message));
    // The site fills itself after it is up: OpenStreetMap, the chains' shops, then Open Prices. Wait until the Open
    // Prices run, the last, has put its prices in (at most two minutes).
    for (let i = 0; i < 240; i++) {
      const stores = await api('/stores?search=Prisma');
      if (stores.length > 0) {
        const items = await api(`/items?search=maito&storeIds=${stores.map((s) => s.id).join(',')}`);
        if (items.some((item) => item.storeItems.some((s) => s.price !== null && s.source === 'open-prices'))) return;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.fail('the real data did not arrive within two minutes');
  });

  after(async () => {
    await browser?.close();
  });

  it('picks two real stores from OpenStreetMap', async () => {
    await page.goto(`${BASE}/`);
    for (const [query, name] of [
      ['Prisma Itäkeskus', /Prisma Itäkeskus/],
      ['Hervanta', /K-Citymarket Tampere Hervanta/],
    ]) {
      const box = page.getByRole('combobox', { name: 'Valitse kaupat' });
      await box.fill(query);
      const option = page.getByRole('option', { name }).first();
      await option.waitFor();
      await option.click();
    }
    const chips = page.getByRole('list', { name: 'Valitut kaupat' }).getByRole('listitem');
    await chips.nth(1).waitFor();
    assert.equal(await chips.count(), 2);
  });

  it('finds a real product and sees where each price came from', async () => {
    await page.getByRole('searchbox', { name: 'Hae tuotteita' }).fill('maito');
    await page.waitForURL((url) => url.pathname === '/haku' && url.searchParams.get('search') === 'maito');
    const card = page.getByTestId('product-card').filter({ hasText: 'Valio rasvaton maito 1 l' });
    await card.first().waitFor();
    await card.first().locator('a').first().click();
    const product = page.getByRole('dialog');
    await product.waitFor();
    const source = product.getByTestId('price-source').first();
    await source.waitFor();
    assert.equal(await source.innerText(), 'Lähde: Open Prices, käyttäjän ilmoitus 10.11.2026');
    const row = product.locator('tr', { has: page.getByTestId('price-source') }).first();
    assert.equal(cents(await row.innerText()), 119);
    // The product's name and details came from Open Food Facts, and the page says so with a link to the sources.
    assert.match(await product.getByTestId('product-sources').innerText(), /Tuotetiedot: Open Food Facts/);
    // Its picture is Open Food Facts' own, which the site's Content-Security-Policy lets the browser load and show
    // (this machine has no network: the picture host answers from here, after the browser's CSP check).
    const picture = product.locator('img[alt="Valio rasvaton maito 1 l"]').first();
    await picture.waitFor({ state: 'attached' });
    await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await picture.elementHandle());
    assert.match(await picture.getAttribute('src'), /^https:\/\/images\.openfoodfacts\.org\//);
    assert.equal(cspViolationReport(), '', 'no picture or script was refused by the Content-Security-Policy');
    await product.getByRole('button', { name: 'Lisää ostoskoriin: Valio rasvaton maito 1 l' }).click();
    await page.keyboard.press('Escape');
    await product.waitFor({ state: 'detached' });
  });

  it('compares a cart of real products across the real stores', async () => {
    await page.goto(`${BASE}/haku?search=mokka`);
    const add = page.getByRole('button', { name: /^Lisää ostoskoriin: .*Juhla Mokka/ }).first();
    await add.waitFor();
    await add.click();
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.waitFor();
    assert.equal(await cart.getByTestId('cart-line').count(), 2);
    await cart.getByRole('button', { name: 'Vertaa' }).click();
    const rows = page.getByRole('dialog', { name: 'Vertaa hintoja' }).getByTestId('store-total-row');
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    assert.equal(await rows.first().getAttribute('data-cheapest'), 'true');
    const text = (await rows.allInnerTexts()).join('\n');
    assert.match(text, /Prisma Itäkeskus/);
    assert.match(text, /K-Citymarket Tampere Hervanta/);
    await page.keyboard.press('Escape');
  });

  it('shows a store’s real opening hours, and says when they are not known', async () => {
    const [itakeskus] = await api('/stores?search=Itäkeskus');
    await page.goto(`${BASE}/kaupat/${itakeskus.urlSlug}`);
    await page.getByRole('heading', { level: 1, name: itakeskus.name }).waitFor();
    assert.match(await page.getByText('Lähde: OpenStreetMap').first().innerText(), /OpenStreetMap/);
    assert.equal(await page.getByTestId('opening-hours-unknown').count(), 0);
    // S-market Hakaniemi is in OpenStreetMap and in S-kaupat: one store, with the shop's own data and hours.
    const hakaniemi = (await api('/stores?search=Hakaniemi')).filter((s) => s.chain === 's-market');
    assert.equal(hakaniemi.length, 1);
    await page.goto(`${BASE}/kaupat/${hakaniemi[0].urlSlug}`);
    await page.getByRole('heading', { level: 1, name: hakaniemi[0].name }).waitFor();
    assert.match(await page.getByText(/^Lähde: S-kaupat/).first().innerText(), /S-kaupat/);
    assert.equal(await page.getByTestId('opening-hours-unknown').count(), 0);

    const [unknown] = (await api('/stores?search=K-Market')).filter((s) => s.openingHoursKnown === false);
    assert.ok(unknown, 'the fixture has a K-Market whose hours OpenStreetMap gives in words');
    await page.goto(`${BASE}/kaupat/${unknown.urlSlug}`);
    await page.getByTestId('opening-hours-unknown').waitFor();
    assert.equal(await page.getByTestId('opening-hours-unknown').innerText(), 'Aukioloajat eivät ole tiedossa');
  });

  it('names every source with its licence on /tietoa/lahteet', async () => {
    await page.goto(`${BASE}/tietoa/lahteet`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1 }).waitFor();
    const text = await main.innerText();
    for (const expected of ['OpenStreetMap', 'Open Food Facts', 'Open Prices', 'Open Database License (ODbL) 1.0', '© OpenStreetMapin tekijät']) {
      assert.ok(text.includes(expected), `the sources page names ${expected}`);
    }
  });

  it('compares a cart across an S-kaupat, a K-Ruoka and a Lidl store and says where each price came from', async () => {
    const shopper = await (await newContext(browser, 1280)).newPage();
    shopper.on('pageerror', (e) => console.error('[pageerror]', e.message));
    const [kaleva] = (await api('/stores?search=Kaleva')).filter((s) => s.chain === 'prisma');
    const [ruoholahti] = (await api('/stores?search=Ruoholahti')).filter((s) => s.chain === 'kcitymarket');
    const [kamppi] = (await api('/stores?search=Kamppi')).filter((s) => s.chain === 'lidl');
    assert.ok(kaleva && ruoholahti && kamppi, 'the chains’ stores came in from their shops');
    await shopper.goto(`${BASE}/`);
    for (const [query, store] of [
      ['Kaleva', kaleva],
      ['Ruoholahti', ruoholahti],
      ['Kamppi', kamppi],
    ]) {
      const box = shopper.getByRole('combobox', { name: 'Valitse kaupat' });
      await box.fill(query);
      const option = shopper.getByRole('option', { name: new RegExp(store.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
      await option.waitFor();
      await option.click();
    }
    const chips = shopper.getByRole('list', { name: 'Valitut kaupat' }).getByRole('listitem');
    await chips.nth(2).waitFor();

    // Carrot purée: the S group's and the K group's own shop prices, each saying where it came from.
    const items = await api(`/items?search=porkkanasose&storeIds=${[kaleva.id, ruoholahti.id, kamppi.id].join(',')}`);
    const puree = items.find((i) => i.ean === '6418248002382');
    assert.ok(puree, 'the S-kaupat and K-Ruoka product is found');
    const sPrice = puree.storeItems.find((p) => p.storeId === kaleva.id);
    const kPrice = puree.storeItems.find((p) => p.storeId === ruoholahti.id);
    assert.equal(sPrice.source, 's-kaupat');
    assert.equal(kPrice.source, 'k-ruoka');
    await shopper.goto(`${BASE}/tuotteet/${puree.urlSlug}-${puree.id}`);
    const sources = shopper.getByTestId('price-source');
    await sources.nth(1).waitFor();
    const texts = await sources.allInnerTexts();
    assert.ok(texts.some((t) => /^Lähde: S-kaupat \(S-ryhmän verkkokauppa\), kaupan verkkokaupan hinta \d{1,2}\.\d{1,2}\.\d{4}$/.test(t)), texts.join(' | '));
    assert.ok(texts.some((t) => /^Lähde: K-Ruoka \(K-ryhmän verkkokauppa\), kaupan verkkokaupan hinta \d{1,2}\.\d{1,2}\.\d{4}$/.test(t)), texts.join(' | '));
    await shopper.getByRole('button', { name: /^Lisää ostoskoriin: Suvi porkkanasose/ }).first().click();

    // Lidl's mozzarella: one national price, which says so.
    const [mozzarella] = (await api(`/items?search=mozzarella&storeIds=${kamppi.id}`)).filter((i) => i.storeItems.some((p) => p.source === 'lidl'));
    assert.ok(mozzarella, 'Lidl’s national prices came in');
    await shopper.goto(`${BASE}/tuotteet/${mozzarella.urlSlug}-${mozzarella.id}`);
    const lidlSource = shopper.getByTestId('price-source').first();
    await lidlSource.waitFor();
    assert.match(await lidlSource.innerText(), /^Lähde: Lidl, Lidlin valtakunnallinen hinta \d{1,2}\.\d{1,2}\.\d{4}$/);
    await shopper.getByRole('button', { name: /^Lisää ostoskoriin: .*Mozzarella/i }).first().click();

    await shopper.goto(`${BASE}/`);
    await shopper.getByTestId('cart-button').click();
    const cart = shopper.getByRole('dialog', { name: 'Ostoskori' });
    await cart.waitFor();
    assert.equal(await cart.getByTestId('cart-line').count(), 2);
    await cart.getByRole('button', { name: 'Vertaa' }).click();
    const rows = shopper.getByRole('dialog', { name: 'Vertaa hintoja' }).getByTestId('store-total-row');
    await rows.nth(2).waitFor();
    assert.equal(await rows.count(), 3);
    const text = (await rows.allInnerTexts()).join('\n');
    for (const store of [kaleva, ruoholahti, kamppi]) assert.ok(text.includes(store.name), `the comparison lists ${store.name}`);
    // An S and a K store price the purée themselves; the mozzarella is Lidl's national price, estimated in the others.
    // Each price as the till charges it today, one line at a time: the recorded answers carry campaign dates (Lidl's
    // week offer of the mozzarella ended on 6.12.2026), so after a campaign's last day the till charges the regular price.
    // (A line's estimate in a store without its price comes from the stores compared, so all three are asked at once.)
    const tillAt = async (item) => {
      const response = await fetch(`${BASE}/api/shoppingCartComparisons/storeTotals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ storeIds: [kaleva.id, ruoholahti.id, kamppi.id], items: [{ itemId: item.id, quantity: 1 }] }),
      });
      assert.equal(response.status, 200);
      const totals = await response.json();
      return (store) => totals[String(store.id)].total;
    };
    const [mozzarellaAt, pureeAt] = [await tillAt(mozzarella), await tillAt(puree)];
    const lidlPrice = mozzarella.storeItems.find((p) => p.storeId === kamppi.id);
    const mozzarellaPrice = mozzarellaAt(kamppi);
    const helsinkiDay = (date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(date);
    const ended = lidlPrice.isCampaign && lidlPrice.campaignEndsAt && helsinkiDay(new Date(lidlPrice.campaignEndsAt)) < helsinkiDay(new Date());
    assert.equal(mozzarellaPrice, ended ? lidlPrice.regularPrice : lidlPrice.price, `Lidl's mozzarella at the till: ${JSON.stringify(lidlPrice)}`);
    const rowTexts = await rows.allInnerTexts();
    const rowOf = (store) => rowTexts.find((t) => t.includes(store.name));
    assert.equal(cents(rowOf(kamppi)), mozzarellaPrice + pureeAt(kamppi), 'Lidl: its mozzarella and the estimated purée');
    assert.equal(cents(rowOf(kaleva)), pureeAt(kaleva) + mozzarellaPrice, 'Prisma: its own purée price and the estimated mozzarella');
    assert.equal(cents(rowOf(ruoholahti)), pureeAt(ruoholahti) + mozzarellaPrice, 'K-Citymarket: its own purée price and the estimated mozzarella');
    await shopper.context().close();
  });
});
