// Browser e2e of membership cards and multibuys at the till (issue 36), as a shopper meets them on the demo data:
// - "Kanta-asiakkuudet" on /ostoskorivertailu: with none ticked the page says "Hinnat ilman kanta-asiakashintoja";
//   ticking K-Plussa lowers the K store's total (its member price counted, a "Plussa" badge on the line) while the
//   S store's stays as it was; what the shopper typed stays typed, and the tick is kept over a reload;
// - a multibuy line at quantity 1, 2 and 3: the bundle as an offer ("2 kpl 5,00 €", muted) until the quantity
//   reaches it, then applied, the line's price being the till's lineTotal the API answers.
// The items are found through the API (the basket's `applied` entries), never by id.
//   BASE_URL=http://localhost:3000 node --test apps/web-e2e/src/member-cards.e2e.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, cents, cspViolationReport, launch, newContext, openAs } from './browser.mjs';

const SEARCHES = ['maito', 'juusto', 'kahvi', 'leipä', 'jogurtti', 'omena', 'jauheliha', 'kana', 'pasta', 'riisi', 'a'];
/** Candidates put in one cart to read their till terms from the basket (the cart service takes many lines). */
const MAX_CANDIDATES = 60;

let browser;
let sStore;
let kStores;
/** { store, item } with a K-Plussa member price below the shelf price at a K store, priced in the S store too. */
let member;
/** { store, item, quantity, price } with a multibuy at a store. */
let multibuy;

/** A new cart of `lines` ([itemId, quantity]), built through the API as the web does; its id. */
async function cartOf(lines) {
  let cartId = 'NO_ID';
  for (const [itemId, quantity] of lines) {
    cartId = (await api(`/shoppingCarts/${cartId}/items/${itemId}`, { method: 'PUT' })).id;
    for (let n = 1; n < quantity; n += 1) cartId = (await api(`/shoppingCarts/${cartId}/items/${itemId}/increment`, { method: 'POST' })).id;
  }
  return cartId;
}

/** The basket comparison the page asks for (GET), with `cards` when any. */
const basket = (storeIds, cartId, cards = []) =>
  api(`/shoppingCartComparisons?storeIds=${storeIds.join(',')}&type=default&cartId=${encodeURIComponent(cartId)}${cards.length ? `&cards=${cards.join(',')}` : ''}`);

const priced = (item, storeId) => item.storeItems.some((p) => p.storeId === storeId && p.price !== null && !p.isEstimated);

before(async () => {
  const all = await api('/stores/minimal?skip=0');
  sStore = all.find((s) => s.type === 'S');
  kStores = all.filter((s) => s.type === 'K').slice(0, 5);
  assert.ok(sStore && kStores.length > 0, 'an S and a K group store in the demo data');
  for (const kStore of kStores) {
    const pair = [kStore.id, sStore.id];
    const candidates = new Map();
    for (const search of SEARCHES) {
      const found = await api(`/items?search=${encodeURIComponent(search)}&storeIds=${pair.join(',')}&limit=50`);
      for (const item of found) if (priced(item, kStore.id) && !candidates.has(item.id)) candidates.set(item.id, item);
      if (candidates.size >= MAX_CANDIDATES) break;
    }
    const ids = [...candidates.keys()].slice(0, MAX_CANDIDATES);
    if (ids.length === 0) continue;
    const lines = await basket(pair, await cartOf(ids.map((id) => [id, 1])));
    for (const line of lines) {
      for (const si of line.storeItems) {
        for (const a of si.applied ?? []) {
          if (!member && a.kind === 'member-offer' && a.card === 'k-plussa' && si.storeId === kStore.id && si.price !== null && a.price < si.price && priced(line, sStore.id)) {
            member = { store: kStore, item: { ...line, id: line.id ?? line.itemId }, price: a.price };
          }
          if (!multibuy && a.kind === 'multibuy-offer' && a.quantity <= 3 && si.price !== null && !si.isEstimated) {
            multibuy = { store: si.storeId === kStore.id ? kStore : sStore, item: { ...line, id: line.id ?? line.itemId }, quantity: a.quantity, price: a.price };
          }
        }
      }
    }
    if (member && multibuy) break;
  }
  assert.ok(member, 'an item with a K-Plussa member price at a K store (demo data), priced in the S store');
  assert.ok(multibuy, 'an item with a multibuy of at most 3 pieces (demo data)');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  assert.equal(cspViolationReport(), '', 'no Content-Security-Policy violation');
});

/** The total (cents) the page shows for a store, from its row of the store totals. */
async function totalOf(page, storeId) {
  return cents(await page.locator(`[data-testid="store-total-row"][data-store-id="${storeId}"]`).innerText());
}

describe('membership cards (Kanta-asiakkuudet)', () => {
  it('K-Plussa lowers the K store total and leaves the S store total as it was', async () => {
    const stores = [member.store, sStore];
    const cartId = await cartOf([[member.item.id, 1]]);
    const context = await newContext(browser, 1280);
    const page = await openAs(context, '/ostoskorivertailu', { stores, cartId });
    await page.getByTestId('store-totals').waitFor();
    assert.equal(await page.getByTestId('no-member-prices').innerText(), 'Hinnat ilman kanta-asiakashintoja');
    const kBefore = await totalOf(page, member.store.id);
    const sBefore = await totalOf(page, sStore.id);
    const cell = page.locator(`[data-testid="comparison-cell"][data-store-id="${member.store.id}"][data-item-id="${member.item.id}"]`);
    assert.match(await cell.innerText(), /Plussa-hinta/, 'the member price offered, muted, before the card');

    // Something typed before the tick stays typed.
    const search = page.getByTestId('store-selector').getByRole('combobox', { name: 'Valitse kaupat' });
    await search.fill('Lidl');
    // The store suggestions may lie over the cards: the tick goes to the box itself (a click event, as a tap gives).
    await page.getByTestId('member-card-k-plussa').evaluate((box) => box.click());
    await page.waitForFunction(
      ([id, before]) => {
        const row = document.querySelector(`[data-testid="store-total-row"][data-store-id="${id}"]`);
        const m = row && /(\d+),(\d{2})\s*€/.exec(row.textContent ?? '');
        return m !== null && Number(m[1]) * 100 + Number(m[2]) < before;
      },
      [member.store.id, kBefore],
      { timeout: 15_000 },
    );
    assert.equal(await search.inputValue(), 'Lidl', 'the typed search is kept');
    const kAfter = await totalOf(page, member.store.id);
    assert.ok(kAfter < kBefore, `K total ${kAfter} below ${kBefore}`);
    assert.equal(await totalOf(page, sStore.id), sBefore, 'the S store total is as before');
    assert.equal(await page.getByTestId('no-member-prices').count(), 0);
    const badge = cell.locator('[data-testid="till-badge"][data-kind="member"]');
    assert.match(await badge.innerText(), /^Plussa \d+,\d{2}\s*€$/);
    assert.equal(cents(await badge.innerText()), member.price);
    assert.match(await page.locator(`[data-testid="store-total-row"][data-store-id="${member.store.id}"]`).innerText(), /Kanta-asiakas- ja monipakkausedut −/);

    // The card is kept in the browser.
    await page.reload();
    await page.getByTestId('store-totals').waitFor();
    assert.equal(await page.getByTestId('member-card-k-plussa').isChecked(), true);
    assert.equal(await page.getByTestId('member-card-s-etukortti').isChecked(), false);
    assert.equal(await totalOf(page, member.store.id), kAfter);
    await context.close();
  });

  it('a multibuy line at 1, 2 and 3 pieces shows the offer until the quantity reaches the bundle, then the bundle applied', async () => {
    const stores = [multibuy.store];
    const context = await newContext(browser, 1280);
    for (const quantity of [1, 2, 3]) {
      const cartId = await cartOf([[multibuy.item.id, quantity]]);
      const expected = (await basket([multibuy.store.id], cartId)).find((l) => l.itemId === multibuy.item.id || l.id === multibuy.item.id);
      const si = expected.storeItems.find((p) => p.storeId === multibuy.store.id);
      const page = await openAs(context, '/ostoskorivertailu', { stores, cartId });
      const cell = page.locator(`[data-testid="comparison-cell"][data-store-id="${multibuy.store.id}"][data-item-id="${multibuy.item.id}"]`);
      await cell.waitFor();
      const kind = quantity >= multibuy.quantity ? 'multibuy' : 'multibuy-offer';
      const badge = cell.locator(`[data-testid="till-badge"][data-kind="${kind}"]`);
      assert.equal(await badge.count(), 1, `${kind} at quantity ${quantity}: ${await cell.innerText()}`);
      assert.match(await badge.innerText(), new RegExp(`^${multibuy.quantity} kpl \\d+,\\d{2}\\s*€$`));
      assert.equal(cents(await badge.innerText()), multibuy.price);
      // The line's price is the till's lineTotal for that quantity (the first price in the cell).
      assert.equal(cents(await cell.innerText()), si.lineTotal ?? si.price * quantity, `line price at quantity ${quantity}`);
      if (quantity >= multibuy.quantity) assert.ok(si.lineTotal < si.price * quantity, 'the bundle is cheaper than the pieces');
      await page.close();
    }
    await context.close();
  });
});
