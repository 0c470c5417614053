import { CatalogPatterns, type ItemDto } from '@hintakori/catalog-contracts';
import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsPatterns, type BasketLine, type StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { InProcessClient, inProcessBus } from '@hintakori/platform-messaging';
import type { FeedRun } from '@hintakori/price-ingest-service';
import { createTestDatabase, type TestDatabase } from '@hintakori/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { startStandalonePipeline, type StandalonePipeline } from './standalone-pipeline.testing';

const COLA = '6415600501811';
const CHIPS = '6415600501828';

/**
 * Deposits (pantti) end to end on the standalone profile (in-process transport, real PostgreSQL, BullMQ on
 * PostgreSQL): a generic JSON Lines feed gives a drink's deposit; the run publishes it on `prices.observed`, the
 * catalog answers it as `storeItems[].deposit`, the comparisons count it apart and in the store totals; a later run
 * that changes only the deposit publishes that price again, and one that changes nothing publishes nothing.
 */
describe('deposits from a feed to the catalog and the store totals', () => {
  let db: TestDatabase;
  let sql: Client;
  let dir: string;
  let pipeline: StandalonePipeline;
  const client = new InProcessClient(inProcessBus);

  const feed = (name: string, observedAt: string, colaDeposit: number | null): string => {
    const lines = [
      { kind: 'store', storeId: 'D1', chain: 'prisma', name: 'Prisma Pantti', address: 'Panttikatu 1', postalCode: '00100', city: 'Helsinki', lat: 60.17, long: 24.94 },
      { kind: 'store', storeId: 'D2', chain: 'sale', name: 'Sale Pantti', address: 'Panttikatu 2', postalCode: '00100', city: 'Helsinki', lat: 60.18, long: 24.95 },
      { kind: 'product', ean: COLA, name: 'Testikola 0,5 l', category: ['Juomat', 'Virvoitusjuomat'], priceUnit: 'kpl', comparisonUnit: 'l' },
      { kind: 'product', ean: CHIPS, name: 'Testisipsi 200 g', category: ['Herkut', 'Sipsit'], priceUnit: 'kpl', comparisonUnit: 'kg' },
      { kind: 'price', storeId: 'D1', ean: COLA, price: 1.89, comparisonPrice: 3.78, observedAt, ...(colaDeposit === null ? {} : { deposit: colaDeposit }) },
      { kind: 'price', storeId: 'D1', ean: CHIPS, price: 2.49, comparisonPrice: 12.45, observedAt },
      { kind: 'price', storeId: 'D2', ean: CHIPS, price: 2.29, comparisonPrice: 11.45, observedAt },
    ];
    const path = join(dir, name);
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    return path;
  };
  const run = async (path: string): Promise<FeedRun> => {
    const done = await pipeline.run('jsonl:pantti', path);
    expect(done.status).toBe('completed');
    return done;
  };
  const idOf = async (table: 'items' | 'stores', column: 'ean' | 'external_id', value: string) =>
    (await sql.query(`SELECT ${table === 'items' ? 'item_id' : 'store_id'} AS id FROM ingest.${table} WHERE ${column} = $1`, [value])).rows[0]?.id as number;
  /** What the projections have committed: the in-process bus delivers after the run's publish returns. */
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const value = await read();
      if (done(value) || attempt === 100) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    dir = mkdtempSync(join(tmpdir(), 'hintakori-deposits-'));
    pipeline = await startStandalonePipeline(db.url, { SEED_DEMO_DATA: 'true', INGEST_BACKOFF_MS: '200' }, (config) => [
      CatalogModule.forRoot(config, { seedFromFeed: true }),
      ComparisonsModule.forRoot(config, { seedFromFeed: true }),
    ]);
  });

  afterAll(async () => {
    await pipeline?.close();
    await sql?.end();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers a feed’s deposit as storeItems[].deposit, apart from the price, and null where the feed gives none', async () => {
    const done = await run(feed('first.jsonl', '2026-11-20T06:00:00.000Z', 0.2));
    expect(done.pricesPublished).toBe(3);
    const [cola, chips, d1, d2] = [await idOf('items', 'ean', COLA), await idOf('items', 'ean', CHIPS), await idOf('stores', 'external_id', 'D1'), await idOf('stores', 'external_id', 'D2')];
    const item = await eventually(
      () => firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: cola, storeIds: [d1] })),
      (answer) => answer.storeItems.length > 0,
    );
    expect(item.storeItems).toEqual([expect.objectContaining({ storeId: d1, price: 189, comparisonPrice: 378, deposit: 20 })]);
    const snack = await firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: chips, storeIds: [d1] }));
    expect(snack.storeItems).toEqual([expect.objectContaining({ price: 249, deposit: null })]);

    // Store totals: the deposit is its own figure and in the total; D2 has no cola, so its price and deposit are estimated.
    const request = { storeIds: [d1, d2], lines: [{ itemId: cola, quantity: 2 }, { itemId: chips, quantity: 1 }] };
    const totals = await eventually(
      () => firstValueFrom(client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, request)),
      (answer) => answer[String(d1)]?.deposits > 0,
    );
    expect(totals[String(d1)]).toEqual({ total: 2 * 189 + 249 + 2 * 20, deposits: 40, estimatedCount: 0, missingCount: 0, cheapest: false });
    expect(totals[String(d2)]).toEqual({ total: 2 * 189 + 229 + 2 * 20, deposits: 40, estimatedCount: 1, missingCount: 0, cheapest: true });
    // The basket's prices and comparison prices never include it; it stands beside them.
    const [colaLine] = await firstValueFrom(client.send<BasketLine[]>(ComparisonsPatterns.Basket, request));
    expect(colaLine.storeItems).toEqual([
      expect.objectContaining({ storeId: d1, price: 189, comparisonPrice: 378, isEstimated: false, deposit: 20 }),
      expect.objectContaining({ storeId: d2, price: 189, comparisonPrice: 378, isEstimated: true, deposit: 20 }),
    ]);
  });

  it('publishes a price again when only its deposit changed, and nothing when nothing did', async () => {
    const [cola, d1] = [await idOf('items', 'ean', COLA), await idOf('stores', 'external_id', 'D1')];
    const changed = await run(feed('second.jsonl', '2026-11-21T06:00:00.000Z', 0.4));
    expect(changed.pricesPublished).toBe(1);
    expect(changed.pricesUnchanged).toBe(2);
    const item = await eventually(
      () => firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: cola, storeIds: [d1] })),
      (answer) => answer.storeItems[0]?.deposit === 40,
    );
    expect(item.storeItems).toEqual([expect.objectContaining({ price: 189, deposit: 40 })]);
    const totals = await eventually(
      () => firstValueFrom(client.send<StoreTotalsResult>(ComparisonsPatterns.StoreTotals, { storeIds: [d1], lines: [{ itemId: cola, quantity: 1 }] })),
      (answer) => answer[String(d1)]?.deposits === 40,
    );
    expect(totals[String(d1)]).toMatchObject({ total: 189 + 40, deposits: 40 });
    // The price history follows prices, not deposits: still one period.
    const { rows } = await sql.query('SELECT price FROM catalog.price_history WHERE item_id = $1 AND store_id = $2', [cola, d1]);
    expect(rows).toEqual([{ price: 189 }]);

    const same = await run(feed('third.jsonl', '2026-11-22T06:00:00.000Z', 0.4));
    expect(same.pricesPublished).toBe(0);
    expect(same.pricesUnchanged).toBe(3);

    const dropped = await run(feed('fourth.jsonl', '2026-11-23T06:00:00.000Z', null));
    expect(dropped.pricesPublished).toBe(1);
    const after = await eventually(
      () => firstValueFrom(client.send<ItemDto>(CatalogPatterns.GetItem, { id: cola, storeIds: [d1] })),
      (answer) => answer.storeItems[0]?.deposit === null,
    );
    expect(after.storeItems[0].deposit).toBeNull();
  });
});
