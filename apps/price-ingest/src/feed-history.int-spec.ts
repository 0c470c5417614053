import { CatalogModule } from '@hintakori/catalog-service';
import type { FeedRun } from '@hintakori/price-ingest-service';
import { createTestDatabase, type TestDatabase } from '@hintakori/testing';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startStandalonePipeline, type StandalonePipeline } from './standalone-pipeline.testing';

const MILK = '6415600501835';

/**
 * A feed that carries a pair's history (older observations before its current price, as the demo feeds do for the
 * price levels' 60 days) on the standalone profile: the catalog keeps every period; the same feed again is a replay
 * and publishes nothing; a run whose newest observation changed publishes the pair again, history and all, and the
 * history gains only the new period.
 */
describe('a feed with a price history', () => {
  let db: TestDatabase;
  let sql: Client;
  let dir: string;
  let pipeline: StandalonePipeline;

  const feed = (name: string, observations: [string, number][], productName = 'Testimaito 1 l'): string => {
    const lines = [
      { kind: 'store', storeId: 'H1', chain: 'prisma', name: 'Prisma Historia', address: 'Historiankatu 1', postalCode: '00100', city: 'Helsinki', lat: 60.17, long: 24.94 },
      { kind: 'product', ean: MILK, name: productName, category: ['Maito', 'Maidot'], priceUnit: 'kpl', comparisonUnit: 'l' },
      ...observations.map(([observedAt, price]) => ({ kind: 'price', storeId: 'H1', ean: MILK, price, comparisonPrice: price, observedAt })),
    ];
    const path = join(dir, name);
    writeFileSync(path, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
    return path;
  };
  const run = async (path: string): Promise<FeedRun> => {
    const done = await pipeline.run('jsonl:historia', path);
    expect(done.status).toBe('completed');
    return done;
  };
  /** The catalog's price periods of the pair, oldest first (the in-process bus delivers after the run's publish returns). */
  const periods = async (count: number): Promise<{ from: string; to: string | null; price: number }[]> => {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await sql.query(
        `SELECT h.valid_from AS "from", h.valid_to AS "to", h.price FROM catalog.price_history h
           JOIN ingest.items i ON i.item_id = h.item_id WHERE i.ean = $1 ORDER BY h.valid_from`,
        [MILK],
      );
      const answer = rows.map((r) => ({ from: new Date(r.from).toISOString(), to: r.to === null ? null : new Date(r.to).toISOString(), price: r.price as number }));
      if (answer.length >= count || attempt === 100) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const history: [string, number][] = [
    ['2026-09-20T07:00:00.000Z', 1.09],
    ['2026-10-20T07:00:00.000Z', 1.15],
    ['2026-11-19T07:00:00.000Z', 1.19],
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    dir = mkdtempSync(join(tmpdir(), 'hintakori-history-'));
    pipeline = await startStandalonePipeline(db.url, { SEED_DEMO_DATA: 'true', INGEST_BACKOFF_MS: '200' }, (config) => [CatalogModule.forRoot(config, { seedFromFeed: true })]);
  });

  afterAll(async () => {
    await pipeline?.close();
    await sql?.end();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps each observation of the history as its own period, the newest open', async () => {
    const first = await run(feed('first.jsonl', history));
    expect(first).toMatchObject({ pricesPublished: 3, pricesUnchanged: 0, itemsPublished: 1, storesPublished: 1 });
    expect(await periods(3)).toEqual([
      { from: history[0][0], to: history[1][0], price: 109 },
      { from: history[1][0], to: history[2][0], price: 115 },
      { from: history[2][0], to: null, price: 119 },
    ]);
  });

  it('publishes nothing when the same feed comes again: its newest price is unchanged, so its history is a replay', async () => {
    const again = await run(feed('again.jsonl', history));
    // Nor do the store and the product, unchanged too.
    expect(again).toMatchObject({ pricesPublished: 0, pricesUnchanged: 3, itemsPublished: 0, storesPublished: 0 });
    expect(await periods(3)).toHaveLength(3);
  });

  it('publishes the pair again, history and all, when its newest price changed; the history gains only the new period', async () => {
    const later = await run(feed('later.jsonl', [...history, ['2026-11-26T07:00:00.000Z', 0.99]]));
    expect(later).toMatchObject({ pricesPublished: 4, pricesUnchanged: 0 });
    const after = await periods(4);
    expect(after).toHaveLength(4);
    expect(after.slice(2)).toEqual([
      { from: history[2][0], to: '2026-11-26T07:00:00.000Z', price: 119 },
      { from: '2026-11-26T07:00:00.000Z', to: null, price: 99 },
    ]);
  });

  it('publishes a product again when its content changed (a new name), and the catalog shows it; the unchanged store stays home', async () => {
    const renamed = await run(feed('renamed.jsonl', [...history, ['2026-11-26T07:00:00.000Z', 0.99]], 'Testimaito rasvaton 1 l'));
    expect(renamed).toMatchObject({ pricesPublished: 0, itemsPublished: 1, storesPublished: 0 });
    for (let attempt = 0; ; attempt++) {
      const { rows } = await sql.query('SELECT c.name FROM catalog.items c JOIN ingest.items i ON i.item_id = c.id WHERE i.ean = $1', [MILK]);
      if (rows[0]?.name === 'Testimaito rasvaton 1 l' || attempt === 100) {
        expect(rows[0]?.name).toBe('Testimaito rasvaton 1 l');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});
