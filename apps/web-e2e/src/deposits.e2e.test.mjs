// Browser e2e of deposits (pantti, issue 26), as a shopper meets them on the demo data:
// - a drink's product page shows "+ pantti x,xx €" beside each chosen store's price, the feed's deposit;
// - in a cart of the drink and a product without a deposit, the basket comparison shows "Pantit" as its own row per
//   store and totals that include them (prices from the API plus the deposit); the cart's "Yhteensä" includes the
//   cheapest store's deposits, shown as "Pantit" above it.
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/deposits.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, api, cents, cspViolationReport, launch, newContext, openAs, pageSlug } from './browser.mjs';
/** '0,15 €' of a cents amount, as the page writes it (any space before the euro sign). */
const euros = (amount) => new RegExp(`${Math.floor(amount / 100)},${String(amount % 100).padStart(2, '0')}\\s*€`);

let stores;
let drink;
let plain;
let browser;

before(async () => {
  const all = await api('/stores/minimal?skip=0');
  stores = [all.find((s) => s.type === 'S'), all.find((s) => s.type === 'K')];
  assert.ok(stores.every(Boolean), 'an S and a K group store in the demo data');
  const ids = stores.map((s) => s.id).join(',');
  const pricedInBoth = (item) => stores.every((s) => item.storeItems.some((p) => p.storeId === s.id && p.price !== null));
  for (const search of ['kola', 'olut', 'limonadi', 'vesi', 'siideri', 'energiajuoma']) {
    const found = await api(`/items?search=${encodeURIComponent(search)}&storeIds=${ids}&limit=50`);
    drink = found.find((i) => pricedInBoth(i) && i.storeItems.every((p) => p.price === null || p.deposit > 0));
    if (drink) break;
  }
  assert.ok(drink, 'a drink with a deposit priced in both stores');
  plain = (await api(`/items?search=leipä&storeIds=${ids}&limit=50`)).find((i) => pricedInBoth(i) && i.storeItems.every((p) => !p.deposit));
  assert.ok(plain, 'a bread without a deposit priced in both stores');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  assert.equal(cspViolationReport(), '', 'no Content-Security-Policy violation');
});

describe('deposits (pantti)', () => {
  it("shows '+ pantti' beside each store's price of a drink, the deposit its feed gave", async () => {
    const context = await newContext(browser, 390);
    const page = await openAs(context, `/tuotteet/${pageSlug(drink)}`, { stores });
    const notes = page.getByTestId('deposit-note');
    await notes.first().waitFor();
    const texts = await notes.allInnerTexts();
    const deposits = stores.map((s) => drink.storeItems.find((p) => p.storeId === s.id).deposit);
    assert.equal(texts.length, deposits.length, `one note a store: ${texts.join(' | ')}`);
    for (const deposit of deposits) assert.ok(texts.some((t) => t.startsWith('+ pantti') && euros(deposit).test(t)), `+ pantti ${deposit} c among ${texts.join(' | ')}`);
    await context.close();
  });

  it("counts deposits apart in the comparison and the cart: 'Pantit' per store, included in the totals", async () => {
    let cartId = 'NO_ID';
    for (const id of [drink.id, plain.id]) cartId = (await api(`/shoppingCarts/${cartId}/items/${id}`, { method: 'PUT' })).id;
    const context = await newContext(browser, 1280);
    const page = await openAs(context, '/ostoskorivertailu', { stores, cartId });
    const depositsRow = page.getByTestId('deposits-row');
    await depositsRow.waitFor();
    assert.equal(await depositsRow.locator('th').innerText(), 'Pantit');
    const depositCells = (await depositsRow.locator('td').allInnerTexts()).slice(1);
    const totalCells = (await page.getByTestId('totals-row-bottom').locator('td').allInnerTexts()).slice(1);
    const expected = stores.map((s) => {
      const d = drink.storeItems.find((p) => p.storeId === s.id);
      const p = plain.storeItems.find((x) => x.storeId === s.id);
      return { deposits: d.deposit, total: d.price + p.price + d.deposit };
    });
    assert.deepEqual(depositCells.map(cents), expected.map((e) => e.deposits), 'each store’s deposits');
    assert.deepEqual(totalCells.map(cents), expected.map((e) => e.total), 'totals: prices plus deposits');

    await page.goto(`${BASE_URL}/`);
    await page.getByTestId('cart-button').click();
    const cart = page.getByRole('dialog', { name: 'Ostoskori' });
    await cart.getByTestId('cart-deposits').waitFor();
    const cheapest = expected.reduce((a, b) => (b.total < a.total ? b : a));
    assert.match(await cart.getByTestId('cart-deposits').innerText(), /^Pantit\s/);
    assert.equal(cents(await cart.getByTestId('cart-deposits').innerText()), cheapest.deposits);
    assert.equal(cents(await cart.getByTestId('cart-total').innerText()), cheapest.total, 'Yhteensä includes the deposits');
    await context.close();
  });
});
