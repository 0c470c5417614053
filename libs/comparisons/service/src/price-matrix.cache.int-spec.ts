import { BasketSplitResult, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { PriceObservation } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ComparisonsModule } from './comparisons.module';
import { PriceMatrixCache } from './price-matrix.cache';
import { PriceMatrixProjection } from './price-matrix.projection';
import { PriceMatrixRepository } from './price-matrix.repository';

const observation = (itemId: number, storeId: number, price: number, observedAt: string): PriceObservation => ({
  itemId,
  storeId,
  price,
  comparisonPrice: null,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kpl',
  isCampaign: false,
  observedAt,
});

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 10));
    value = await read();
  }
  return value;
}

const sorted = (cells: { itemId: number; storeId: number; price: number }[]) =>
  cells.map((c) => `${c.itemId}:${c.storeId}:${c.price}`).sort();

describe('the comparisons price cache (in-memory copy of the price matrix, following it by NOTIFY)', () => {
  let db: TestDatabase;
  let service: TestService;
  let cache: PriceMatrixCache;
  let projection: PriceMatrixProjection;
  let repository: PriceMatrixRepository;
  let sql: Client;

  const totals = (data: unknown) => firstValueFrom(service.client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, data));
  const split = (data: unknown) => firstValueFrom(service.client.send<BasketSplitResult>(ComparisonsPatterns.Split, data));

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url)));
    cache = service.app.get(PriceMatrixCache);
    projection = service.app.get(PriceMatrixProjection);
    repository = service.app.get(PriceMatrixRepository);
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    await until('the cache to load', () => cache.ready, Boolean);
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('answers exactly as the table does, on random baskets over a random matrix written in several transactions', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rows: PriceObservation[] = [];
    for (let item = 1; item <= 300; item++) {
      for (let store = 1; store <= 40; store++) if (random() < 0.7) rows.push(observation(item, store, 50 + Math.floor(random() * 2000), '2026-01-01T00:00:00Z'));
    }
    // Several statements (batches) and a raw SQL write: every path into the table reaches the cache.
    await projection.applyPriceObservations(rows.slice(0, 4000));
    await projection.applyPriceObservations(rows.slice(4000));
    await sql.query(`UPDATE comparisons.price_matrix SET price = price + 1 WHERE item_id % 7 = 0`);
    const count = Number((await sql.query('SELECT count(*) FROM comparisons.price_matrix')).rows[0].count);
    await until('the cache to hold every cell', () => cache.size.cells, (cells) => cells === count);
    // The raw UPDATE changes no cell count: wait for its prices too (the count alone could be reached before them).
    const updatedItems = Array.from({ length: 42 }, (_, k) => 7 * (k + 1));
    const everyStore = Array.from({ length: 40 }, (_, k) => k + 1);
    const cellsMatch = async () => JSON.stringify(sorted(cache.findCells(updatedItems, everyStore))) === JSON.stringify(sorted(await repository.findCells(updatedItems, everyStore)));
    await until('the cache to hold the raw update', cellsMatch, Boolean);

    for (let basket = 0; basket < 50; basket++) {
      const itemIds = Array.from({ length: 30 }, () => 1 + Math.floor(random() * 320));
      const storeIds = Array.from({ length: 10 }, () => 1 + Math.floor(random() * 45));
      expect(sorted(cache.findCells([...new Set(itemIds)], [...new Set(storeIds)]))).toEqual(sorted(await repository.findCells([...new Set(itemIds)], [...new Set(storeIds)])));
    }
  });

  it('shows a price the feed changed in the store totals once the projection has committed it', async () => {
    await projection.applyPriceObservations([observation(1000, 1, 300, '2026-02-01T00:00:00Z'), observation(1000, 2, 310, '2026-02-01T00:00:00Z')]);
    const request = { storeIds: [1, 2], lines: [{ itemId: 1000, quantity: 2 }] };
    await until('the first prices', () => totals(request), (r) => r['1'].total === 600);
    // A newer observation lowers store 2's price; an older one for store 1 changes nothing.
    await projection.applyPriceObservations([observation(1000, 2, 250, '2026-02-02T00:00:00Z'), observation(1000, 1, 1, '2026-01-15T00:00:00Z')]);
    const after = await until('the new price', () => totals(request), (r) => r['2'].total === 500);
    expect(after).toEqual({
      '1': { total: 600, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
      '2': { total: 500, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true },
    });
    // The split reads the same cache: it sees the new price too.
    const splitAfter = await split({ ...request, maxStores: 1, costPerKmCents: 25 });
    expect(splitAfter).toMatchObject({ stores: [2], total: 500, cheapestSingleStore: { storeId: 2, total: 500 }, saving: 0 });
  });

  it('keeps deposits beside the prices: counted apart and in the totals, followed by NOTIFY and read back on a reload', async () => {
    const withDeposit = (storeId: number, price: number, deposit: number | null, observedAt: string) => ({ ...observation(2000, storeId, price, observedAt), deposit });
    await projection.applyPriceObservations([withDeposit(1, 189, 15, '2026-02-01T00:00:00Z'), withDeposit(2, 199, 15, '2026-02-01T00:00:00Z')]);
    const request = { storeIds: [1, 2, 3], lines: [{ itemId: 2000, quantity: 4 }] };
    const first = await until('the deposits', () => totals(request), (r) => r['1'].deposits === 60);
    // Store 3 has no price: its price (194) and deposit (15) are estimated from the others.
    expect(first).toEqual({
      '1': { total: 4 * 189 + 60, deposits: 60, estimatedCount: 0, missingCount: 0, cheapest: true },
      '2': { total: 4 * 199 + 60, deposits: 60, estimatedCount: 0, missingCount: 0, cheapest: false },
      '3': { total: 4 * 194 + 60, deposits: 60, estimatedCount: 1, missingCount: 0, cheapest: false },
    });
    // A newer observation without a deposit (or with another) replaces it, in the cache as in the table.
    await projection.applyPriceObservations([withDeposit(1, 189, null, '2026-02-02T00:00:00Z'), withDeposit(2, 199, 40, '2026-02-02T00:00:00Z')]);
    const after = await until('the changed deposits', () => totals(request), (r) => r['2'].deposits === 160);
    expect(after['1']).toMatchObject({ total: 4 * 189, deposits: 0 });
    expect(cache.findCells([2000], [1, 2])).toEqual(await repository.findCells([2000], [1, 2]).then((rows) => [...rows].sort((a, b) => a.storeId - b.storeId)));
    // A reload reads the deposits from the table: a change made without notifying reaches the cache only that way.
    await sql.query('ALTER TABLE comparisons.price_matrix DISABLE TRIGGER price_cells_updated');
    await sql.query('UPDATE comparisons.price_matrix SET deposit = 40 WHERE item_id = 2000 AND store_id = 2');
    await sql.query('UPDATE comparisons.price_matrix SET deposit = 20 WHERE item_id = 2000 AND store_id = 1');
    await sql.query('ALTER TABLE comparisons.price_matrix ENABLE TRIGGER price_cells_updated');
    expect(cache.findCells([2000], [1])[0].deposit).toBeNull();
    await sql.query(`SELECT pg_notify('comparisons_price_matrix', 'reload')`);
    await until('the reload', () => cache.ready && cache.findCells([2000], [1])[0]?.deposit === 20, Boolean, 15000);
    expect(cache.findCells([2000], [1, 2])).toEqual([
      { itemId: 2000, storeId: 1, price: 189, deposit: 20 },
      { itemId: 2000, storeId: 2, price: 199, deposit: 40 },
    ]);
    await sql.query('DELETE FROM comparisons.price_matrix WHERE item_id = 2000');
  });

  it('serves the till terms as the table does, followed by NOTIFY (old and new payloads) and read back on a reload', async () => {
    const member = (storeId: number, price: number, observedAt: string, extra: Partial<PriceObservation> = {}) => ({
      ...observation(3000, storeId, price, observedAt),
      memberPrice: { card: 'k-plussa' as const, price: price - 50 },
      ...extra,
    });
    await projection.applyPriceObservations([
      member(1, 300, '2026-02-01T00:00:00.000Z', { multibuy: { quantity: 2, price: 500 }, campaignEndsAt: '2099-01-01T00:00:00.000Z', isCampaign: true, regularPrice: 350 }),
      observation(3000, 2, 280, '2026-02-01T00:00:00.000Z'),
      { ...observation(3001, 1, 1000, '2026-02-01T00:00:00.000Z'), priceUnit: 'kg', averageWeightGrams: 150, deposit: 10 },
      { ...observation(3001, 2, 800, '2026-02-01T00:00:00.000Z'), priceUnit: 'kg' },
    ]);
    const byStore = (cells: { storeId: number; itemId: number }[]) => [...cells].sort((a, b) => a.itemId - b.itemId || a.storeId - b.storeId);
    const same = async () => JSON.stringify(byStore(cache.findCells([3000, 3001], [1, 2]))) === JSON.stringify(byStore(await repository.findCells([3000, 3001], [1, 2])));
    await until('the termed cells', same, Boolean);
    expect(cache.findCells([3000], [1])[0].terms).toEqual({
      price: 300,
      isCampaign: true,
      regularPrice: 350,
      campaignStartsAt: null,
      campaignEndsAt: '2099-01-01T00:00:00.000Z',
      memberPrice: { card: 'k-plussa', price: 250 },
      multibuy: { quantity: 2, price: 500 },
      averageWeightGrams: null,
      priceUnit: '',
    });
    // Store 2's plain price has no terms: a plain cell stays plain.
    expect(cache.findCells([3000], [2])[0].terms).toBeUndefined();
    const request = { storeIds: [1, 2], lines: [{ itemId: 3000, quantity: 2 }, { itemId: 3001, quantity: 4 }], cards: ['k-plussa'] };
    // Store 1: 2 × 250 (member, the bundle 500 is no cheaper) + 4 × 150 g × 10 €/kg + 4 × 10 deposit; store 2: 2 × 280 + 4 × 150 g × 8 €/kg.
    expect(await totals(request)).toEqual({
      '1': { total: 500 + 600 + 40, deposits: 40, estimatedCount: 0, missingCount: 0, cheapest: false, savings: 100, weighedCount: 1 },
      '2': { total: 560 + 480, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true, weighedCount: 1 },
    });
    // A newer plain observation drops the terms in the cache as in the table.
    await projection.applyPriceObservations([observation(3000, 1, 300, '2026-02-02T00:00:00.000Z')]);
    await until('the dropped terms', () => cache.findCells([3000], [1])[0].terms === undefined, Boolean);
    // A payload of the old form (no terms field) still reads: price and deposit.
    await sql.query(`SELECT pg_notify('comparisons_price_matrix', '3002:1:123:7,3002:2:124')`);
    await until('an old payload', () => cache.findCells([3002], [1, 2]).length === 2, Boolean);
    expect(cache.findCells([3002], [1, 2])).toEqual([
      { itemId: 3002, storeId: 1, price: 123, deposit: 7 },
      { itemId: 3002, storeId: 2, price: 124, deposit: null },
    ]);
    // Many termed cells in one statement: the notification is cut by length, under the payload limit, and all arrive.
    const many: PriceObservation[] = [];
    for (let item = 4000; item < 4400; item++) {
      many.push({
        ...observation(item, 7, 500, '2026-02-01T00:00:00.000Z'),
        isCampaign: true,
        regularPrice: 600,
        campaignStartsAt: '2026-01-01T00:00:00.000Z',
        campaignEndsAt: '2026-12-31T21:59:59.000Z',
        memberPrice: { card: 'lidl-plus', price: 450 },
        multibuy: { quantity: 12, price: 4800 },
        deposit: 15,
      });
    }
    await projection.applyPriceObservations(many);
    const items = many.map((row) => row.itemId);
    await until('every termed cell', () => cache.findCells(items, [7]).filter((cell) => cell.terms?.multibuy?.quantity === 12).length, (n) => n === many.length);
    expect(JSON.stringify(cache.findCells(items, [7]))).toEqual(JSON.stringify(await repository.findCells(items, [7])));
    // A reload reads the terms from the table.
    await sql.query('ALTER TABLE comparisons.price_matrix DISABLE TRIGGER price_cells_updated');
    await sql.query(`UPDATE comparisons.price_matrix SET member_card = 'lidl-plus', member_price = 99 WHERE item_id = 3000 AND store_id = 2`);
    await sql.query('ALTER TABLE comparisons.price_matrix ENABLE TRIGGER price_cells_updated');
    await sql.query(`SELECT pg_notify('comparisons_price_matrix', 'reload')`);
    await until('the reload', () => cache.ready && cache.findCells([3000], [2])[0]?.terms?.memberPrice?.price === 99, Boolean, 15000);
    await sql.query('DELETE FROM comparisons.price_matrix WHERE item_id >= 3000 AND item_id < 4400');
  });

  it('forgets deleted cells, and after a TRUNCATE answers from the table until it has reloaded', async () => {
    await sql.query('DELETE FROM comparisons.price_matrix WHERE item_id = 1000 AND store_id = 1');
    const request = { storeIds: [1, 2], lines: [{ itemId: 1000, quantity: 1 }] };
    // Store 1 now has no price: it gets the average of the others (store 2's 250) as an estimate.
    await until('the deleted price', () => totals(request), (r) => r['1'].estimatedCount === 1);
    expect((await totals(request))['1'].total).toBe(250);

    await sql.query('TRUNCATE comparisons.price_matrix');
    await until('the cache to notice the TRUNCATE', () => cache.ready, (ready) => !ready || cache.size.cells === 0);
    expect((await totals(request))['2']).toEqual({ total: 0, deposits: 0, estimatedCount: 0, missingCount: 1, cheapest: false });
    await until('the reload', () => cache.ready && cache.size.cells === 0, Boolean, 15000);
    await projection.applyPriceObservations([observation(1000, 2, 199, '2026-03-01T00:00:00Z')]);
    await until('a price after the reload', () => totals(request), (r) => r['2'].total === 199);
  });
});
