import { CategoryTree } from '../categories/category-tree';
import { ItemJsonCache, type ItemHeadRow } from './item-json';
import { toItemDto } from './item-rows';

const tree = new CategoryTree([
  { id: 1, name: 'Maidot', slug: 'maidot', parentCategoryId: null },
  { id: 2, name: 'Kevytmaidot', slug: 'kevytmaidot', parentCategoryId: 1 },
]);
const head = (id: number, description = `kuvaus ${id}`): ItemHeadRow => ({
  id,
  ean: null,
  name: `Maito ${id}`,
  urlSlug: `maito-${id}`,
  pictureUrl: '',
  brandName: 'Valio',
  originCountry: 'Suomi',
  description,
  ingredients: 'maito',
  nutritionalContent: [{ name: 'Energia', value: '1 kJ', ri: null }],
  categoryId: 2,
});
const price = { storeId: 7, price: 129, comparisonPrice: 129, priceUnit: 'kpl', comparisonPriceUnit: 'l', updatedAt: '2026-11-20T10:00:00+00:00', isCampaign: false, lowestPrice30d: null, source: 'k-group' };

describe('ItemJsonCache', () => {
  it('writes an item as serializing its DTO would, and reads each head once while listening', async () => {
    const cache = new ItemJsonCache();
    cache.listening(true);
    const loaded: number[][] = [];
    const load = async (ids: number[]) => {
      loaded.push(ids);
      return ids.map((id) => head(id));
    };
    const rows = [{ id: 1, storeItems: [price] }, { id: 2, storeItems: [] }];
    const json = await cache.render(rows, load, async () => tree);
    expect(json).toBe(JSON.stringify(rows.map((row) => toItemDto({ ...head(row.id), storeItems: row.storeItems }, tree))));
    expect(JSON.parse(json)[0].storeItems[0]).toEqual({ storeId: 7, price: 129, comparisonPrice: 129, priceUnit: 'kpl', comparisonPriceUnit: 'l', isEstimated: false, updatedAt: '2026-11-20T10:00:00.000Z', isCampaign: false, lowestPrice30d: null, source: 'k-group', deposit: null });
    expect(await cache.render(rows, load, async () => tree)).toBe(json);
    expect(loaded).toEqual([[1, 2]]);
  });

  it("gives a price the campaign end (as canonical UTC) and the shop's own 30-day low only where its source gave them", () => {
    const campaign = { ...price, isCampaign: true, lowestPrice30d: 149, campaignEndsAt: '2026-11-29T21:59:59+00:00', sourceLowest30d: 139 };
    const [withBoth, without, nulls] = toItemDto({ ...head(1), storeItems: [campaign, price, { ...price, campaignEndsAt: null, sourceLowest30d: null }] }, tree).storeItems;
    expect(withBoth).toMatchObject({ isCampaign: true, lowestPrice30d: 149, campaignEndsAt: '2026-11-29T21:59:59.000Z', sourceLowest30d: 139 });
    for (const dto of [without, nulls]) {
      expect(dto).not.toHaveProperty('campaignEndsAt');
      expect(dto).not.toHaveProperty('sourceLowest30d');
    }
    // A shop's low of 0 cents is still one.
    expect(toItemDto({ ...head(1), storeItems: [{ ...price, sourceLowest30d: 0 }] }, tree).storeItems[0]).toMatchObject({ sourceLowest30d: 0 });
  });

  it('gives a price its till terms (member price, multibuy, campaign start, average weight) only where its source gave them', () => {
    const terms = {
      ...price,
      isCampaign: true,
      memberCard: 'k-plussa',
      memberPrice: 99,
      multibuyQuantity: 3,
      multibuyPrice: 300,
      campaignStartsAt: '2026-11-23T22:00:00+00:00',
      averageWeightGrams: 180,
    };
    const nulls = { ...price, memberCard: null, memberPrice: null, multibuyQuantity: null, multibuyPrice: null, campaignStartsAt: null, averageWeightGrams: null };
    const [withTerms, without, nulled] = toItemDto({ ...head(1), storeItems: [terms, price, nulls] }, tree).storeItems;
    expect(withTerms).toMatchObject({
      memberPrice: { card: 'k-plussa', price: 99 },
      multibuy: { quantity: 3, price: 300 },
      campaignStartsAt: '2026-11-23T22:00:00.000Z',
      averageWeightGrams: 180,
    });
    for (const dto of [without, nulled]) {
      for (const field of ['memberPrice', 'multibuy', 'campaignStartsAt', 'averageWeightGrams']) expect(dto).not.toHaveProperty(field);
    }
    // A member price or a bundle of 0 cents is still one.
    expect(toItemDto({ ...head(1), storeItems: [{ ...price, memberCard: 'lidl-plus', memberPrice: 0, multibuyQuantity: 2, multibuyPrice: 0 }] }, tree).storeItems[0]).toMatchObject({
      memberPrice: { card: 'lidl-plus', price: 0 },
      multibuy: { quantity: 2, price: 0 },
    });
  });

  it('reads a changed item again, and keeps no head read while a change arrived or while not listening', async () => {
    const cache = new ItemJsonCache();
    let description = 'vanha';
    const load = async (ids: number[]) => ids.map((id) => head(id, description));
    const rows = [{ id: 1, storeItems: [] }];
    const render = () => cache.render(rows, load, async () => tree);

    expect(await render()).toContain('"vanha"');
    expect(cache.size()).toBe(0); // not listening: nothing kept
    cache.listening(true);
    await render();
    expect(cache.size()).toBe(1);
    description = 'uusi';
    expect(await render()).toContain('"vanha"'); // kept, no notification yet
    cache.changed('1');
    expect(await render()).toContain('"uusi"');

    // A notification arriving while a head is being read: the answer uses it, the cache does not keep it.
    cache.changed('*');
    const racing = (ids: number[]) => {
      cache.changed('1');
      return load(ids);
    };
    expect(await cache.render(rows, racing, async () => tree)).toContain('"uusi"');
    expect(cache.size()).toBe(0);
    await render();
    cache.listening(false);
    expect(cache.size()).toBe(0);
  });

  it('leaves out an item gone between the page and its head', async () => {
    const cache = new ItemJsonCache();
    cache.listening(true);
    const json = await cache.render([{ id: 1, storeItems: [] }, { id: 2, storeItems: [] }], async () => [head(2)], async () => tree);
    expect((JSON.parse(json) as { id: number }[]).map((item) => item.id)).toEqual([2]);
  });
});
