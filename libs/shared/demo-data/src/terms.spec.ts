import { generateDemoData, writeDemoFeed, type DemoData, type DemoPrice } from './index';

const TODAY = '2026-12-20';
// Helsinki midnight of 2026-12-20 (UTC+2).
const TODAY_START = Date.parse('2026-12-19T22:00:00.000Z');
const DAY = 86_400_000;

describe('demo till terms', () => {
  let data: DemoData;
  let prices: DemoPrice[];
  beforeAll(() => {
    data = generateDemoData({ today: TODAY, size: 'small' });
    prices = [...data.prices()];
  });
  const typeOf = (price: DemoPrice) => data.stores.find((s) => s.id === price.storeId)?.type;

  it('gives K-Plussa prices in K stores and Lidl Plus prices in Lidl, 5–20 % below the price, none in S stores', () => {
    const members = prices.filter((p) => p.memberPrice);
    expect(members.some((p) => p.memberPrice?.card === 'k-plussa')).toBe(true);
    expect(members.some((p) => p.memberPrice?.card === 'lidl-plus')).toBe(true);
    for (const p of members) {
      expect(typeOf(p)).toBe(p.memberPrice?.card === 'k-plussa' ? 'K' : 'L');
      expect(p.memberPrice?.price).toBeLessThan(p.price);
      expect(p.memberPrice?.price).toBeGreaterThanOrEqual(Math.floor(p.price * 0.78));
    }
  });

  it('has items a K store sells with a K-Plussa price that an S store sells too', () => {
    const sItems = new Set(prices.filter((p) => typeOf(p) === 'S').map((p) => p.itemId));
    expect(prices.filter((p) => p.memberPrice?.card === 'k-plussa' && sItems.has(p.itemId)).length).toBeGreaterThan(10);
  });

  it('gives multibuys below the pieces, campaign ends in the next days, upcoming campaigns and piece weights', () => {
    const multibuys = prices.filter((p) => p.multibuy);
    expect(multibuys.length).toBeGreaterThan(0);
    for (const p of multibuys) expect(p.multibuy?.price).toBeLessThan((p.multibuy?.quantity ?? 0) * p.price);
    const ending = prices.filter((p) => p.campaignEndsAt && !p.campaignStartsAt);
    expect(ending.length).toBeGreaterThan(0);
    for (const p of ending) {
      expect(p.isCampaign).toBe(true);
      expect(Date.parse(p.campaignEndsAt ?? '')).toBe(Date.parse(p.campaignEndsAt ?? '')); // an ISO time
      expect(Date.parse(p.campaignEndsAt ?? '')).toBeGreaterThanOrEqual(TODAY_START + DAY - 1);
      expect(Date.parse(p.campaignEndsAt ?? '')).toBeLessThan(TODAY_START + 8 * DAY);
    }
    const upcoming = prices.filter((p) => p.campaignStartsAt);
    expect(upcoming.length).toBeGreaterThan(0);
    for (const p of upcoming) {
      expect(p.isCampaign).toBe(true);
      expect(p.regularPrice).toBeGreaterThan(p.price);
      const starts = Date.parse(p.campaignStartsAt ?? '');
      expect(starts).toBeGreaterThanOrEqual(TODAY_START + DAY);
      expect(starts).toBeLessThanOrEqual(TODAY_START + 5 * DAY + 3_600_000);
      expect(Date.parse(p.campaignEndsAt ?? '')).toBeGreaterThan(starts);
    }
    const weighed = prices.filter((p) => p.averageWeightGrams);
    expect(weighed.length).toBeGreaterThan(0);
    for (const p of weighed) expect(p.priceUnit).toBe('kg');
    const banana = data.items.find((i) => /banaani/i.test(i.name) && i.priceUnit === 'kg');
    if (banana) expect(prices.find((p) => p.itemId === banana.id)?.averageWeightGrams).toBe(175);
  });

  it('writes the terms into the feeds in their formats', () => {
    const lines: Record<string, string[]> = { 's-group': [], 'k-group': [], lidl: [] };
    for (const source of ['s-group', 'k-group', 'lidl'] as const) writeDemoFeed(data, source, (line) => lines[source].push(line));
    const joined = (source: string) => lines[source].join('\n');
    expect(joined('k-group')).toContain('"plussaPrice"');
    expect(joined('k-group')).toContain('"approximatePiece"');
    expect(joined('k-group')).toContain('"startDate"');
    expect(joined('lidl')).toContain('"lidlPlus"');
    expect(joined('s-group')).toContain('"campaignPriceValidUntil"');
    expect(joined('s-group')).toContain('"multibuy"');
    expect(joined('s-group')).not.toContain('plussa');
  });
});
