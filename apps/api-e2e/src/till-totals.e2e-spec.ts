import { api } from './support';

/**
 * Issue 36, item 3: the open API's store totals, comparison basket and split take the shopper's cards (any of
 * k-plussa, lidl-plus, s-etukortti) and the shopping day (date, YYYY-MM-DD, default today in Helsinki), refuse a bad
 * one with a 400 naming the field, and answer what the till applied (savings, bonus, lineTotal, applied).
 */

interface MinimalStore {
  id: number;
  type: 'S' | 'K' | 'L';
}
interface Total {
  total: number;
  deposits: number;
  cheapest: boolean;
  savings?: number;
  bonus?: number;
  weighedCount?: number;
}

/** Today in Helsinki plus `days`, YYYY-MM-DD. */
function helsinkiDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const STORE_TOTALS = '/api/shoppingCartComparisons/storeTotals';
const UNKNOWN_CARD = 'cards must be any of k-plussa, lidl-plus, s-etukortti (each once), got "s-bonus"';

describe('cards and date on the comparisons', () => {
  let storeIds: number[];
  let sStores: number[];
  let lines: { itemId: number; quantity: number }[];

  beforeAll(async () => {
    // Two stores of the S group and two of the others (the demo data has both among its first stores).
    const minimal = (await api().get('/api/stores/minimal?skip=0').expect(200)).body as MinimalStore[];
    sStores = minimal.filter((s) => s.type === 'S').slice(0, 2).map((s) => s.id);
    const others = minimal.filter((s) => s.type !== 'S').slice(0, 2).map((s) => s.id);
    expect(sStores).toHaveLength(2);
    expect(others).toHaveLength(2);
    storeIds = [...sStores, ...others];
    const { body } = await api().get('/api/items').query({ search: 'maito', storeIds: storeIds.join(',') }).expect(200);
    lines = (body as { id: number }[]).slice(0, 5).map((item) => ({ itemId: item.id, quantity: 3 }));
    expect(lines.length).toBeGreaterThan(0);
  });

  it('totals with cards and date: the same keys, never above the shelf total, a bonus estimate only for the S group with s-etukortti', async () => {
    const shelf = (await api().post(STORE_TOTALS).send({ storeIds, items: lines }).expect(200)).body as Record<string, Total>;
    const today = (await api().post(STORE_TOTALS).send({ storeIds, items: lines, date: helsinkiDay(0) }).expect(200)).body as Record<string, Total>;
    expect(today).toEqual(shelf);

    const cards = ['k-plussa', 'lidl-plus', 's-etukortti'];
    const member = (await api().post(STORE_TOTALS).send({ storeIds, items: lines, cards, date: helsinkiDay(0) }).expect(200)).body as Record<string, Total>;
    expect(Object.keys(member).map(Number).sort()).toEqual([...storeIds].sort());
    expect(Object.values(member).filter((t) => t.cheapest)).toHaveLength(1);
    for (const storeId of storeIds) {
      const t = member[storeId];
      expect(t.total).toBeLessThanOrEqual(shelf[storeId].total);
      expect(t.deposits).toBe(shelf[storeId].deposits);
      for (const field of ['savings', 'weighedCount'] as const) {
        if (t[field] !== undefined) expect(Number.isInteger(t[field]) && (t[field] as number) > 0).toBe(true);
      }
      expect(t.savings ?? 0).toBeGreaterThanOrEqual(shelf[storeId].savings ?? 0);
      if (sStores.includes(storeId)) {
        expect(Number.isInteger(t.bonus)).toBe(true);
        expect(t.bonus).toBeGreaterThanOrEqual(0);
        expect(t.bonus).toBeLessThanOrEqual(t.total - t.deposits);
      } else {
        expect(t.bonus).toBeUndefined();
      }
    }
    // Without s-etukortti no store has a bonus.
    const noBonus = (await api().post(STORE_TOTALS).send({ storeIds, items: lines, cards: ['k-plussa'] }).expect(200)).body as Record<string, Total>;
    for (const t of Object.values(noBonus)) expect(t.bonus).toBeUndefined();
  });

  it('takes a shopping day 60 days away in either direction', async () => {
    for (const days of [60, -60]) await api().post(STORE_TOTALS).send({ storeIds, items: lines, date: helsinkiDay(days) }).expect(200);
  });

  it.each([
    ['an unknown card', { cards: ['k-plussa', 's-bonus'] }, UNKNOWN_CARD],
    ['a repeated card', { cards: ['k-plussa', 'k-plussa'] }, 'cards must not list the same value twice'],
    ['cards that are not a list', { cards: 'k-plussa' }, 'cards must be a list, got "k-plussa"'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date must be a date that exists, YYYY-MM-DD, within 60 days of today, got "2026-02-30"'],
    ['bonusStoreIds from the outside', { bonusStoreIds: [1] }, 'Unknown field in body: bonusStoreIds'],
  ])('refuses %s with a 400 naming the field', async (_case, extra, message) => {
    const { body } = await api().post(STORE_TOTALS).send({ storeIds, items: lines, ...extra }).expect(400);
    expect(body.message).toBe(message);
  });

  it('refuses a date more than 60 days from today, naming date', async () => {
    const ahead = (await api().post(STORE_TOTALS).send({ storeIds, items: lines, date: helsinkiDay(61) }).expect(400)).body.message as string;
    expect(ahead).toBe(`date must be at most 60 days from today (${helsinkiDay(0)}); ${helsinkiDay(61)} is 61 days ahead`);
    const back = (await api().post(STORE_TOTALS).send({ storeIds, items: lines, date: helsinkiDay(-61) }).expect(400)).body.message as string;
    expect(back).toBe(`date must be at most 60 days from today (${helsinkiDay(0)}); ${helsinkiDay(-61)} is 61 days back`);
  });

  it('the basket takes cards comma-separated and date as query parameters and answers each price with its line total', async () => {
    const cart = (await api().put(`/api/shoppingCarts/NO_ID/items/${lines[0].itemId}`).expect(200)).body.id as string;
    const { body } = await api()
      .get('/api/shoppingCartComparisons')
      .query({ storeIds: storeIds.join(','), cartId: cart, cards: 'k-plussa,s-etukortti', date: helsinkiDay(1) })
      .expect(200);
    expect(body).toHaveLength(1);
    for (const price of body[0].storeItems as { price: number | null; lineTotal?: number | null; applied?: unknown[] }[]) {
      expect(price).toHaveProperty('lineTotal');
      if (price.price === null) expect(price.lineTotal).toBeNull();
      else expect(Number.isInteger(price.lineTotal)).toBe(true);
      if (price.applied !== undefined) expect(Array.isArray(price.applied)).toBe(true);
    }
    const refused = async (query: Record<string, string>) =>
      (await api().get('/api/shoppingCartComparisons').query({ storeIds: storeIds.join(','), ...query }).expect(400)).body.message as string;
    expect(await refused({ cards: 'k-plussa,s-bonus' })).toBe(UNKNOWN_CARD);
    expect(await refused({ cards: 'lidl-plus,lidl-plus' })).toBe('cards must not list the same value twice');
    expect(await refused({ date: '2026-13-01' })).toBe('date must be a date that exists, YYYY-MM-DD, within 60 days of today, got "2026-13-01"');
    expect(await refused({ date: helsinkiDay(61) })).toMatch(/^date must be at most 60 days from today/);
    expect(await refused({ bonusStoreIds: '1' })).toBe('Unknown query parameter: bonusStoreIds');
  });

  it('the split takes cards and date and answers each line with its line total', async () => {
    const { body } = await api()
      .post('/api/shoppingCartComparisons/split')
      .send({ storeIds, items: lines, cards: ['lidl-plus', 's-etukortti'], date: helsinkiDay(0) })
      .expect(200);
    for (const line of body.lines as { price: number | null; lineTotal?: number | null }[]) {
      expect(line).toHaveProperty('lineTotal');
      if (line.price === null) expect(line.lineTotal).toBeNull();
      else expect(Number.isInteger(line.lineTotal)).toBe(true);
    }
    const { body: refused } = await api().post('/api/shoppingCartComparisons/split').send({ storeIds, items: lines, cards: ['s-bonus'] }).expect(400);
    expect(refused.message).toBe(UNKNOWN_CARD);
  });
});
