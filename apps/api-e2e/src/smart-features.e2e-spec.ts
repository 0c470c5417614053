import type { BasketSplitResult } from '@hintakori/comparisons-contracts';
import { api, browser, someStores } from './support';

/** Issue "Smarter than every peer": the basket split, cheaper equivalents and the alerts route's refusals, end to end. */

interface BasketLine {
  id: number;
  quantity: number;
  storeItems: { storeId: number; price: number | null; isEstimated: boolean }[];
}

async function searchIds(search: string, storeIds: number[], count: number): Promise<number[]> {
  const { body } = await api().get('/api/items').query({ search, storeIds: storeIds.join(',') }).expect(200);
  return body.slice(0, count).map((i: { id: number }) => i.id);
}

describe('basket split', () => {
  let storeIds: number[];
  let lines: { itemId: number; quantity: number }[];
  beforeAll(async () => {
    storeIds = (await someStores(8)).map((s) => s.id);
    const ids = [...(await searchIds('maito', storeIds, 4)), ...(await searchIds('leipä', storeIds, 4))];
    lines = [...new Set(ids)].map((itemId, i) => ({ itemId, quantity: 1 + (i % 3) }));
    expect(lines.length).toBeGreaterThanOrEqual(5);
  });

  it('assigns every line to one of at most two stores, priced as the basket prices it, never dearer than one store', async () => {
    const { body } = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines }).expect(200)) as { body: BasketSplitResult };
    expect(body.stores.length).toBeGreaterThanOrEqual(1);
    expect(body.stores.length).toBeLessThanOrEqual(2);
    for (const store of body.stores) expect(storeIds).toContain(store);
    expect(body.lines.map((l) => l.itemId)).toEqual(lines.map((l) => l.itemId));

    // Each line's price is the basket's price (or estimate) of that item in the store the split sends it to.
    const cart = browser();
    let cartId = 'NO_ID';
    for (const line of lines) {
      // PUT adds the item once (quantity 1); each increment adds one more.
      cartId = (await cart.put(`/api/shoppingCarts/${cartId}/items/${line.itemId}`).expect(200)).body.id;
      for (let n = 1; n < line.quantity; n++) cartId = (await cart.post(`/api/shoppingCarts/${cartId}/items/${line.itemId}/increment`).expect(200)).body.id;
    }
    const priced = (await api().get('/api/shoppingCartComparisons').query({ storeIds: storeIds.join(','), cartId }).expect(200)).body as BasketLine[];
    const priceOf = (itemId: number, storeId: number) => priced.find((l) => l.id === itemId)?.storeItems.find((s) => s.storeId === storeId)?.price ?? null;
    let sum = 0;
    for (const line of body.lines) {
      expect(line.storeId).not.toBeNull();
      expect(body.stores).toContain(line.storeId);
      expect(line.price).toBe(priceOf(line.itemId, line.storeId as number));
      sum += (line.price as number) * line.quantity;
    }
    expect(body.total).toBe(sum);

    // The cheapest single store is the one storeTotals flags, with the same total; the saving is the difference.
    const totals = (await api().post('/api/shoppingCartComparisons/storeTotals').send({ storeIds, cartId }).expect(200)).body as Record<string, { total: number; cheapest: boolean }>;
    const [cheapestId, cheapest] = Object.entries(totals).find(([, t]) => t.cheapest) as [string, { total: number }];
    expect(body.cheapestSingleStore).toEqual({ storeId: Number(cheapestId), total: cheapest.total });
    expect(body.saving).toBe(cheapest.total - body.total);
    expect(body.saving).toBeGreaterThanOrEqual(0);
    expect(body.worthIt).toBe(body.saving > 0);

    // The same split from the shared cart's id.
    const fromCart = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, cartId }).expect(200)).body as BasketSplitResult;
    expect(fromCart.total).toBe(body.total);
  });

  it('with one store allowed, is the cheapest single store; with three, never dearer than with two', async () => {
    const one = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines, maxStores: 1 }).expect(200)).body as BasketSplitResult;
    expect(one.stores).toHaveLength(1);
    expect(one.saving).toBe(0);
    expect(one.total).toBe(one.cheapestSingleStore?.total);
    const two = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines }).expect(200)).body as BasketSplitResult;
    const three = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines, maxStores: 3 }).expect(200)).body as BasketSplitResult;
    expect(three.stores.length).toBeLessThanOrEqual(3);
    expect(three.total).toBeLessThanOrEqual(two.total);
  });

  it('with a position, says how far the extra trip is and whether the saving pays for it', async () => {
    const store = (await api().get(`/api/stores/${storeIds[0]}`).expect(200)).body as { lat: number; long: number };
    const origin = { lat: store.lat, long: store.long };
    const { body } = (await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines, origin, costPerKmCents: 0 }).expect(200)) as { body: BasketSplitResult };
    expect(typeof body.extraDistanceKm).toBe('number');
    expect(body.extraDistanceKm).toBeGreaterThanOrEqual(0);
    expect(body.travelCostCents).toBe(0);
    // Travel costs nothing: worth it exactly when it saves money.
    expect(body.worthIt).toBe(body.saving > 0);
  });

  it('refuses bad bodies with a 400 that names the field', async () => {
    const refuse = async (body: unknown) => (await api().post('/api/shoppingCartComparisons/split').send(body as object).expect(400)).body.message as string;
    expect(await refuse({ storeIds, items: lines, maxStores: 4 })).toMatch(/maxStores/);
    expect(await refuse({ storeIds: Array.from({ length: 21 }, (_, i) => i + 1), items: lines })).toMatch(/storeIds may list at most 20/);
    expect(await refuse({ storeIds, items: lines, origin: { lat: 95, long: 1 } })).toMatch(/origin\.lat/);
    expect(await refuse({ storeIds, items: lines, costPerKmCents: 2.5 })).toMatch(/costPerKmCents/);
    expect(await refuse({ storeIds, items: lines, cartId: '00000000-0000-4000-8000-000000000000' })).toMatch(/both cartId and items/);
    expect(await refuse({ storeIds, items: lines, colour: 'red' })).toBe('Unknown field in body: colour');
    await api().post('/api/shoppingCartComparisons/split').send({ storeIds, cartId: '00000000-0000-4000-8000-000000000000' }).expect(404);
  });
});

describe('cheaper equivalents', () => {
  it('lists at most five products of the same kind with a lower unit price, best first, with the saving', async () => {
    const storeIds = (await someStores(8)).map((s) => s.id);
    // The dearest milk by unit price has cheaper equivalents if any product has.
    const { body: milks } = await api().get('/api/items').query({ search: 'maito', storeIds: storeIds.join(','), limit: 50 }).expect(200);
    const unitPrice = (item: { storeItems: { comparisonPrice: number | null }[] }) =>
      Math.min(...item.storeItems.map((s) => s.comparisonPrice ?? Infinity));
    const dearest = [...(milks as { id: number; storeItems: { comparisonPrice: number | null }[] }[])]
      .filter((m) => Number.isFinite(unitPrice(m)))
      .sort((a, b) => unitPrice(b) - unitPrice(a))[0];
    expect(dearest).toBeDefined();
    const { body } = await api().get(`/api/items/${dearest.id}/alternatives`).query({ storeIds: storeIds.join(',') }).expect(200);
    expect(body.itemId).toBe(dearest.id);
    expect(body.comparisonPrice).toBe(unitPrice(dearest));
    expect(body.alternatives.length).toBeGreaterThan(0);
    expect(body.alternatives.length).toBeLessThanOrEqual(5);
    const item = (await api().get(`/api/items/${dearest.id}`).query({ storeIds: storeIds.join(',') }).expect(200)).body;
    const lowestCategory = item.itemCategories[item.itemCategories.length - 1].category.id;
    let previous = -Infinity;
    for (const alternative of body.alternatives) {
      expect(alternative.item.id).not.toBe(dearest.id);
      expect(alternative.comparisonPrice).toBeLessThan(body.comparisonPrice);
      expect(alternative.comparisonPrice).toBeGreaterThanOrEqual(previous);
      previous = alternative.comparisonPrice;
      expect(alternative.savingPerUnit).toBe(body.comparisonPrice - alternative.comparisonPrice);
      const categories = alternative.item.itemCategories.map((c: { category: { id: number } }) => c.category.id);
      expect(categories[categories.length - 1]).toBe(lowestCategory);
      for (const price of alternative.item.storeItems) {
        expect(storeIds).toContain(price.storeId);
        if (price.comparisonPrice !== null) expect(price.comparisonPriceUnit).toBe(body.comparisonPriceUnit);
      }
    }
  });

  it('needs stores and a known item', async () => {
    expect((await api().get('/api/items/1/alternatives').expect(400)).body.message).toMatch(/storeIds is required/);
    expect((await api().get('/api/items/abc/alternatives').query({ storeIds: '1' }).expect(400)).body.message).toMatch(/item id/);
    await api().get('/api/items/99999999/alternatives').query({ storeIds: '1' }).expect(404);
  });
});

interface CampaignPage {
  storeId: number;
  total: number;
  limit: number;
  offset: number;
  items: { item: { id: number; storeItems: { storeId: number; price: number | null; isCampaign: boolean; lowestPrice30d: number | null }[] }; price: number; lowestPrice30d: number | null; isRealDiscount: boolean | null; saving: number | null }[];
}

describe("a store's campaign items", () => {
  it('lists real discounts first by saving, each consistent with the store price and its 30-day low; realOnly filters', async () => {
    const stores = await someStores(40);
    let checked = 0;
    for (const store of stores) {
      const page = (await api().get(`/api/stores/${store.id}/campaignItems`).query({ limit: 100 }).expect(200)).body as CampaignPage;
      if (page.total === 0) continue;
      checked++;
      expect(page).toMatchObject({ storeId: store.id, limit: 100, offset: 0 });
      const rank = (c: CampaignPage['items'][number]) => (c.isRealDiscount === true ? 0 : c.isRealDiscount === null ? 1 : 2);
      page.items.forEach((c, i) => {
        expect(c.item.storeItems).toEqual([expect.objectContaining({ storeId: store.id, price: c.price, isCampaign: true, lowestPrice30d: c.lowestPrice30d })]);
        expect(c.isRealDiscount).toBe(c.lowestPrice30d === null ? null : c.price < c.lowestPrice30d);
        expect(c.saving).toBe(c.isRealDiscount ? (c.lowestPrice30d as number) - c.price : null);
        const previous = page.items[i - 1];
        if (previous) {
          expect(rank(previous)).toBeLessThanOrEqual(rank(c));
          if (rank(previous) === 0 && rank(c) === 0) expect(previous.saving as number).toBeGreaterThanOrEqual(c.saving as number);
        }
      });
      const real = (await api().get(`/api/stores/${store.id}/campaignItems`).query({ realOnly: true, limit: 100 }).expect(200)).body as CampaignPage;
      expect(real.items.every((c) => c.isRealDiscount === true)).toBe(true);
      if (page.total <= 100) expect(real.items.map((c) => c.item.id)).toEqual(page.items.filter((c) => c.isRealDiscount).map((c) => c.item.id));
      const second = (await api().get(`/api/stores/${store.id}/campaignItems`).query({ limit: 1, offset: 1 }).expect(200)).body as CampaignPage;
      expect(second.items.map((c) => c.item.id)).toEqual(page.items.slice(1, 2).map((c) => c.item.id));
      if (checked >= 3) break;
    }
    expect(checked).toBeGreaterThanOrEqual(1);
  });

  it('refuses a bad store id, page size or flag with 400 and an unknown store with 404', async () => {
    expect((await api().get('/api/stores/abc/campaignItems').expect(400)).body.message).toMatch(/store id/);
    expect((await api().get('/api/stores/1/campaignItems').query({ limit: 101 }).expect(400)).body.message).toMatch(/limit/);
    expect((await api().get('/api/stores/1/campaignItems').query({ realOnly: 'yes' }).expect(400)).body.message).toMatch(/realOnly/);
    expect((await api().get('/api/stores/1/campaignItems').query({ colour: 'red' }).expect(400)).body.message).toMatch(/colour/);
    await api().get('/api/stores/99999999/campaignItems').expect(404);
  });
});

describe('price alert requests', () => {
  it('refuse a malformed address, unknown fields, bad targets and unknown items with a clear 4xx', async () => {
    const [store] = await someStores(1);
    const [itemId] = await searchIds('maito', [store.id], 1);
    const subscribe = (body: object) => api().post('/api/alerts').send(body);
    expect((await subscribe({ email: 'not an address', itemId, storeIds: [store.id] }).expect(400)).body.message).toMatch(/email/);
    expect((await subscribe({ email: 'matti@example.fi', itemId, storeIds: [store.id], colour: 'red' }).expect(400)).body.message).toBe('Unknown field in body: colour');
    expect((await subscribe({ email: 'matti@example.fi', itemId, storeIds: [store.id], targetPrice: 2.5 }).expect(400)).body.message).toMatch(/targetPrice/);
    expect((await subscribe({ email: 'matti@example.fi', itemId, storeIds: [] }).expect(400)).body.message).toMatch(/storeIds/);
    expect((await subscribe({ email: 'matti@example.fi', itemId: 99999999, storeIds: [store.id] }).expect(404)).body.message).toMatch(/99999999/);
    expect((await api().post('/api/alerts/confirm/short').expect(400)).body.message).toMatch(/43-character token/);
    await api().get(`/api/alerts/manage/${'A'.repeat(43)}`).expect(404);
  });
});
