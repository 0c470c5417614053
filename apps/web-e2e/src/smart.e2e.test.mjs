// Browser e2e of the "smarter" features (issue 12) as a shopper uses them: the offers page with real discounts first
// and the "only real discounts" toggle, a cheaper equivalent swapped into the cart keeping its quantity, and the
// basket split and "open now" on /ostoskorivertailu. The data it needs (a store with real and not-real campaigns,
// an item with a cheaper equivalent, two items each cheaper in a different store) is found through the public API.
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/smart.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, cents, cspViolationReport, launch } from './browser.mjs';

const SEARCHES = ['jauheliha', 'maito', 'juusto', 'kahvi', 'leipä', 'jogurtti', 'omena', 'kana', 'riisi', 'pasta'];

async function api(path, init) {
  const response = await fetch(`${BASE_URL}/api${path}`, init);
  assert.equal(response.status, 200, `${init?.method ?? 'GET'} ${path} answered ${response.status}`);
  return response.json();
}

const slug = (entity) => (entity.urlSlug.endsWith(`-${entity.id}`) ? entity.urlSlug : `${entity.urlSlug}-${entity.id}`);
const euros = (c) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')} €`;

let browser;
let context;
let page;
const data = { offersStore: null, offers: null, realTotal: 0, flagged: null, stores: [], item: null, alternative: null, splitItems: [] };

/**
 * A store whose campaigns include real discounts and at least one that is none (its price is not below the 30-day
 * low): the demo feeds give some S and K group campaigns the price from before the campaign.
 */
async function findOffersStore(stores) {
  for (const store of stores.filter((s) => s.type !== 'L').slice(0, 40)) {
    const realOnly = await api(`/stores/${store.id}/campaignItems?realOnly=true&limit=1`);
    if (realOnly.total === 0) continue;
    // Campaigns that are no real discount sort last: read the last page.
    const { total } = await api(`/stores/${store.id}/campaignItems?limit=1`);
    const last = await api(`/stores/${store.id}/campaignItems?limit=100&offset=${Math.max(0, total - 100)}`);
    const flagged = last.items.findLast((i) => i.isRealDiscount === false);
    if (flagged) return { store, total, realTotal: realOnly.total, flagged };
  }
  return null;
}

/** Two stores of different chains that price most products, an item with a cheaper equivalent, and a split basket. */
async function findBasket(stores) {
  const s = stores.find((x) => x.type === 'S');
  const k = stores.find((x) => x.type === 'K');
  const pair = [s, k].filter(Boolean).map((x) => x.id);
  const cheapIn = [[], []];
  for (const query of SEARCHES) {
    const items = await api(`/items?search=${encodeURIComponent(query)}&storeIds=${pair.join(',')}&limit=30`);
    const priced = items.filter((i) => pair.every((id) => i.storeItems.some((p) => p.storeId === id && p.price !== null)));
    const price = (item, id) => item.storeItems.find((p) => p.storeId === id).price;
    if (!data.item) {
      for (const candidate of priced.slice(0, 10)) {
        const answer = await api(`/items/${candidate.id}/alternatives?storeIds=${pair.join(',')}`);
        if (answer.alternatives.length > 0) {
          data.item = candidate;
          data.alternative = answer.alternatives[0].item;
          break;
        }
      }
    }
    const free = (i) => i.id !== data.item?.id && i.id !== data.alternative?.id;
    cheapIn[0].push(...priced.filter((i) => free(i) && price(i, pair[0]) + 20 < price(i, pair[1])));
    cheapIn[1].push(...priced.filter((i) => free(i) && price(i, pair[1]) + 20 < price(i, pair[0])));
    if (data.item && !data.splitItems.length) {
      // A pair that the split service itself splits, with the swapped-in product (×2) in the basket.
      for (const p of cheapIn[0].slice(0, 4)) {
        for (const q of cheapIn[1].slice(0, 4)) {
          if (data.splitItems.length || p.id === q.id) continue;
          const items = [{ itemId: data.alternative.id, quantity: 2 }, { itemId: p.id, quantity: 1 }, { itemId: q.id, quantity: 1 }];
          const split = await api('/shoppingCartComparisons/split', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ storeIds: pair, items }) });
          if (split.saving > 0 && split.stores.length === 2) data.splitItems = [p, q];
        }
      }
    }
    if (data.item && data.splitItems.length === 2) return pair;
  }
  return null;
}

before(async () => {
  const minimal = await api('/stores/minimal');
  const pair = await findBasket(minimal);
  assert.ok(pair, 'the demo data has two stores, an item with a cheaper equivalent and a basket that splits');
  data.stores = await Promise.all(pair.map((id) => api(`/stores/${id}`)));
  const offers = await findOffersStore(minimal);
  assert.ok(offers, 'the demo data has a store with a real discount and a campaign that is none');
  Object.assign(data, { offersStore: offers.store, offers, realTotal: offers.realTotal, flagged: offers.flagged });

  browser = await launch();
  // Service workers blocked: after the app's worker takes over, later full page loads in the same context hit
  // Content-Security-Policy style violations (styled-components error 17) — seen on / and /haku; see the report.
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fi-FI', timezoneId: 'Europe/Helsinki', serviceWorkers: 'block' });
  // A loaded two-core CI machine answers a page in seconds; 20 s per step failed correct flows there.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(90_000);
  page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  // The shopper has chosen the two stores (as the store selector saves them).
  await page.goto(`${BASE_URL}/tietoa`);
  await page.evaluate((stores) => {
    const selected = stores.map((s) => ({ id: s.id, name: s.name, urlSlug: s.urlSlug, chain: s.chain, type: s.type, externalId: s.externalId ?? null }));
    localStorage.setItem('hintakori.selectedStores', JSON.stringify(selected));
  }, data.stores);
});

after(async () => {
  await browser?.close();
});

describe('offers page: is the discount real?', () => {
  it('the product page flags a campaign price that is not below the 30-day low, with the low and why', async () => {
    const item = data.flagged.item;
    await page.evaluate((store) => {
      localStorage.setItem('hintakori.selectedStores', JSON.stringify([{ id: store.id, name: store.name, urlSlug: store.urlSlug, chain: store.chain, type: store.type, externalId: store.externalId ?? null }]));
    }, data.offersStore);
    await page.goto(`${BASE_URL}/tuotteet/${slug(item)}`);
    await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
    const note = page.getByTestId('campaign-note').first();
    await note.waitFor();
    assert.ok((await note.innerText()).includes(`30 pv alin: ${euros(data.flagged.lowestPrice30d)}`), await note.innerText());
    assert.ok(data.flagged.price >= data.flagged.lowestPrice30d);
    await note.getByTestId('fake-discount').filter({ hasText: 'Ei todellinen alennus' }).waitFor();
    // Back to the two stores the other tests use.
    await page.evaluate((stores) => {
      const selected = stores.map((s) => ({ id: s.id, name: s.name, urlSlug: s.urlSlug, chain: s.chain, type: s.type, externalId: s.externalId ?? null }));
      localStorage.setItem('hintakori.selectedStores', JSON.stringify(selected));
    }, data.stores);
  });

  it('lists the campaign prices with real discounts first, biggest saving first', async () => {
    await page.goto(`${BASE_URL}/tarjoukset/${slug(data.offersStore)}`);
    await page.getByRole('heading', { name: 'Kampanjahinnat' }).waitFor();
    const cards = page.getByTestId('campaign-item');
    await cards.first().waitFor();
    assert.equal(await page.getByTestId('campaign-count').innerText(), `${data.offers.total} tuotetta kampanjahinnalla`);
    const kinds = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-real-discount')));
    const firstOther = kinds.findIndex((k) => k !== 'true');
    assert.equal(firstOther === -1 ? kinds.length : firstOther, Math.min(kinds.length, data.realTotal), 'real discounts come first');
    assert.ok(kinds.slice(firstOther === -1 ? kinds.length : firstOther).every((k) => k !== 'true'));
    const savings = (await page.getByTestId('real-discount').allInnerTexts()).map(cents);
    assert.equal(savings.length, Math.min(kinds.length, data.realTotal));
    assert.ok(savings.every((c, i) => i === 0 || c <= savings[i - 1]), `savings biggest first: ${savings.join(', ')}`);
    // Every other campaign says why it is not shown as a discount: not below the 30-day low, or no earlier price.
    for (let i = data.realTotal; i < Math.min(kinds.length, data.realTotal + 5); i++) {
      const text = await cards.nth(i).innerText();
      assert.ok(/Ei todellinen alennus|Ei aiempaa hintaa 30 päivän ajalta/.test(text), text);
    }
  });

  it('"Näytä vain todelliset alennukset" leaves only the real discounts', async () => {
    await page.getByLabel('Näytä vain todelliset alennukset').check();
    await page.waitForURL((url) => url.searchParams.get('todelliset') === '1');
    const expected = data.realTotal === 1 ? '1 todellinen alennus' : `${data.realTotal} todellista alennusta`;
    await page.getByTestId('campaign-count').filter({ hasText: expected }).waitFor();
    if (data.realTotal === 0) {
      assert.equal(await page.getByTestId('campaign-empty').innerText(), 'Tässä kaupassa ei ole nyt todellisia alennuksia.');
    } else {
      await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="campaign-item"]')].every((el) => el.getAttribute('data-real-discount') === 'true'));
      assert.equal(await page.getByTestId('campaign-item').count(), Math.min(48, data.realTotal));
    }
    assert.equal(await page.getByTestId('fake-discount').count(), 0);
    // A reload keeps the filter (it lives in the address).
    await page.reload();
    await page.getByTestId('campaign-count').filter({ hasText: expected }).waitFor();
    assert.ok(await page.getByLabel('Näytä vain todelliset alennukset').isChecked());
  });
});

/** Adds a product from its page, `count` times. */
async function addFromProductPage(item, count = 1) {
  await page.goto(`${BASE_URL}/tuotteet/${slug(item)}`);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  await page.getByRole('button', { name: `Lisää ostoskoriin: ${item.name}` }).first().click();
  for (let i = 1; i < count; i++) await page.getByRole('button', { name: `Lisää yksi: ${item.name}` }).first().click();
  await savedInCart(item, count);
}

/** Adds a product from the search results. */
async function addFromSearch(item) {
  await page.goto(`${BASE_URL}/haku?search=${encodeURIComponent(item.name)}`);
  await page.getByRole('button', { name: `Lisää ostoskoriin: ${item.name}` }).first().click();
  await savedInCart(item, 1);
}

async function savedInCart(item, count) {
  await page.getByRole('group', { name: `${item.name} ostoskorissa` }).first().getByLabel('Määrä').filter({ hasText: String(count) }).waitFor();
  // The cart is saved on the server before the next full page load.
  await page.waitForFunction(() => (localStorage.getItem('hintakori.cartId') || 'NO_ID') !== 'NO_ID');
  await page.waitForLoadState('networkidle');
}

describe('cheaper equivalent', () => {
  it('the product page offers "Halvempi vaihtoehto"', async () => {
    await addFromProductPage(data.item, 2);
    const box = page.getByTestId('cheaper-alternative').first();
    await box.waitFor();
    assert.ok((await box.innerText()).includes(data.alternative.name), await box.innerText());
  });

  it('a cart line swaps to it with one click and keeps the quantity', async () => {
    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.waitFor();
    const line = cart.getByTestId('cart-line').filter({ hasText: data.item.name });
    await line.getByTestId('cheaper-alternative').waitFor();
    await line.getByTestId('cheaper-alternative').getByRole('button', { name: 'Vaihda' }).click();
    const swapped = cart.getByRole('group', { name: `${data.alternative.name} ostoskorissa` });
    await swapped.getByLabel('Määrä').filter({ hasText: '2' }).waitFor();
    assert.equal(await cart.getByTestId('cart-line').filter({ hasText: data.item.name }).count(), 0);
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Escape');
  });
});

describe('basket comparison page', () => {
  it('shows "Jaa ostokset kahteen kauppaan" with the lines to buy where and the saving', async () => {
    for (const item of data.splitItems) await addFromSearch(item);
    const lines = [{ itemId: data.alternative.id, quantity: 2 }, ...data.splitItems.map((i) => ({ itemId: i.id, quantity: 1 }))];
    const split = await api('/shoppingCartComparisons/split', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ storeIds: data.stores.map((s) => s.id), items: lines }),
    });
    assert.ok(split.saving > 0 && split.stores.length === 2, `the basket splits: ${JSON.stringify(split)}`);

    await page.goto(`${BASE_URL}/ostoskorivertailu`);
    await page.getByRole('heading', { name: 'Ostoskorivertailu' }).waitFor();
    const table = page.getByTestId('comparison-table');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr:not([data-totals])').count(), 3);
    const box = page.getByTestId('basket-split');
    await box.getByTestId('split-saving').waitFor();
    assert.ok((await box.getByTestId('split-saving').innerText()).includes(euros(split.saving)), await box.getByTestId('split-saving').innerText());
    assert.equal(await box.getByTestId('split-store').count(), 2);
    for (const item of data.splitItems) assert.ok((await box.innerText()).includes(item.name), `the split lists ${item.name}`);
  });

  it('shows each store total with its open state, and "Vain nyt avoinna olevat" ranks only the open stores', async () => {
    const rows = page.getByTestId('store-total-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 2);
    for (let i = 0; i < 2; i++) assert.match(await rows.nth(i).getByTestId('open-badge').innerText(), /^(Avoinna|Suljettu|Suljetaan pian \(\d+ min\))$/);
    const statuses = await page.getByTestId('open-badge').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    const openCount = statuses.filter((s) => s !== 'closed').length;
    await page.getByTestId('open-only').check();
    if (openCount === 0) {
      await page.getByTestId('none-open').waitFor();
    } else {
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="store-total-row"]').length === n, openCount);
      const shown = await page.getByTestId('store-totals').getByTestId('open-badge').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      assert.ok(shown.every((s) => s !== 'closed'), shown.join(','));
      assert.equal(await page.getByTestId('store-total-row').first().getAttribute('data-cheapest'), 'true');
    }
  });

  it('offers a cheaper equivalent on a comparison row too', async () => {
    await page.getByTestId('open-only').uncheck();
    const row = page.getByTestId('comparison-table').locator('tbody tr').filter({ hasText: data.alternative.name });
    await row.first().waitFor();
    // The swapped-in product may itself have a cheaper one; when it does, the row shows it with "Vaihda".
    const alternatives = await api(`/items/${data.alternative.id}/alternatives?storeIds=${data.stores.map((s) => s.id).join(',')}`);
    if (alternatives.alternatives.length > 0) await row.getByTestId('cheaper-alternative').getByRole('button', { name: 'Vaihda' }).waitFor();
  });

  it('broke no Content-Security-Policy rule', () => {
    assert.equal(cspViolationReport(), '');
  });
});
