import { inProcessBus } from '@hintakori/platform-messaging';
import { IngestTopics, type PriceObservedEvent, type RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, type TestDatabase, testConfig } from '@hintakori/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SGroupAdapter } from '../feeds/adapters';
import { withIngestConfig } from '../ingest-config';
import { PriceIngestModule } from '../price-ingest.module';
import { PublishedPricesRepository } from '../published/published-prices.repository';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { RegistryRepository } from '../registry/registry.repository';
import { FeedRunner, type RunOptions } from './feed-runner';
import { FeedRunsRepository } from './feed-runs.repository';

/**
 * A re-run skips parsing the lines its source's last run read as prices still published (unchanged-lines.ts): what
 * the run reports, publishes and marks seen must be what it would have been had it parsed them.
 */
describe('feed runs that skip unchanged lines, on PostgreSQL', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let dir: string;
  const prices: PriceObservedEvent[] = [];
  const completed: RunCompletedEvent[] = [];
  /** The lines the S group parsers were given (the run's and the line cache's). */
  const parsed: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'unchanged-lines-'));
    inProcessBus.onEvent(IngestTopics.PricesObserved, async (data) => void prices.push(...(data as PriceObservedEvent[])));
    inProcessBus.onEvent(IngestTopics.RunCompleted, async (data) => void completed.push(data as RunCompletedEvent));
    const createParser = SGroupAdapter.prototype.createParser;
    jest.spyOn(SGroupAdapter.prototype, 'createParser').mockImplementation(function (this: SGroupAdapter) {
      const parse = createParser.call(this);
      return (line: string) => {
        parsed.push(line);
        return parse(line);
      };
    });
    app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(testConfig(db.url), {}), { runWorkers: false }), {
      logger: ['error'],
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
    inProcessBus.removeAll(Object.values(IngestTopics));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    prices.length = 0;
    completed.length = 0;
    parsed.length = 0;
  });

  const ean = (prefix: number, p: number) => `64${String(prefix).padStart(3, '0')}000${String(p).padStart(5, '0')}`;
  const storeLine = (id: string) =>
    JSON.stringify({
      __typename: 'Store',
      id,
      name: `Prisma ${id}`,
      brand: 'PRISMA',
      location: { address: { street: { default: 'Katu 1' }, postcode: '00100', postcodeName: { default: 'Helsinki' } }, coordinates: { lat: 60.1, lon: 24.9 } },
      weeklyOpeningHours: [],
    });
  const productLine = (code: string, priceUnit = 'KPL') =>
    JSON.stringify({
      __typename: 'Product',
      ean: code,
      name: `Tuote ${code}`,
      priceUnit,
      comparisonUnit: 'PCE',
      hierarchyPath: [{ name: 'Lehti' }, { name: 'Juuri' }],
    });
  const priceLine = (store: string, code: string, cents: number, at = '2026-01-19T06:00:00Z') =>
    JSON.stringify({
      __typename: 'StoreProduct',
      storeId: store,
      ean: code,
      price: cents / 100,
      pricing: { currentPrice: cents / 100, campaignPrice: null },
      priceUpdatedAt: at,
    });
  const isPriceLine = (line: string) => line.includes('"StoreProduct"');

  let files = 0;
  const feed = (lines: string[]) => {
    const file = join(dir, `feed-${++files}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const run = async (file: string, options: RunOptions = {}) => {
    const runs = app.get(FeedRunsRepository);
    const created = await runs.create('s-group', file);
    return new FeedRunner(runs, app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher)).run(created.id, options);
  };
  const remembered = async () =>
    Number(
      (await app.get(DataSource).query(`SELECT coalesce(sum(length(entries)) / 48, 0)::int AS n FROM ingest.published_lines WHERE source = 's-group'`))[0].n,
    );
  const pricedAt = async (storeIds: number[]) => {
    const rows: { pricedAt: Date }[] = await app
      .get(DataSource)
      .query(`SELECT priced_at AS "pricedAt" FROM ingest.published_prices WHERE source = 's-group' AND store_id = ANY($1::int[])`, [storeIds]);
    return rows.map((row) => new Date(row.pricedAt).toISOString());
  };
  const seenOf = (event: RunCompletedEvent | undefined) => [...(event?.seen?.stores ?? [])].sort((a, b) => a.storeId - b.storeId);

  /** Three stores pricing four products of their own EAN range. */
  const shelf = (prefix: number, cents = (s: number, p: number) => 100 + 10 * s + p) => {
    const stores = [1, 2, 3].map((s) => `U${prefix}-${s}`);
    const codes = [1, 2, 3, 4].map((p) => ean(prefix, p));
    const priceLines = codes.flatMap((code, p) => stores.map((store, s) => priceLine(store, code, cents(s + 1, p + 1))));
    return { stores, codes, priceLines, lines: [...stores.map(storeLine), ...codes.map((code) => productLine(code)), ...priceLines] };
  };

  it('parses no price line of a repeated feed, and reports, marks seen and freshens as a run that parsed them does', async () => {
    const { lines, priceLines } = shelf(1);
    const file = feed(lines);
    const first = await run(file);
    expect(first).toMatchObject({ status: 'completed', pricesPublished: 12, pricesUnchanged: 0 });
    expect(parsed.filter(isPriceLine)).toHaveLength(12);
    expect(await remembered()).toBe(12);

    parsed.length = 0;
    completed.length = 0;
    prices.length = 0;
    const skipping = await run(file);
    expect(parsed.filter(isPriceLine)).toEqual([]);
    expect(parsed).toHaveLength(lines.length - priceLines.length);
    expect(prices).toEqual([]);
    expect(skipping).toMatchObject({
      status: 'completed',
      pricesPublished: 0,
      pricesUnchanged: 12,
      recordsTotal: first.recordsTotal,
      recordsRejected: 0,
      newestObservationAt: '2026-01-19T06:00:00.000Z',
    });
    const seenSkipping = seenOf(completed[0]);
    expect(seenSkipping).toHaveLength(3);
    expect(seenSkipping.every((store) => store.unlisted.length === 0)).toBe(true);
    const storeIds = seenSkipping.map((store) => store.storeId);
    expect(await pricedAt(storeIds)).toEqual([skipping.startedAt, skipping.startedAt, skipping.startedAt]);
    expect(await remembered()).toBe(12);

    // The same run with nothing remembered parses every line: the same report, seen and freshness.
    await app.get(DataSource).query(`DELETE FROM ingest.published_lines WHERE source = 's-group'`);
    parsed.length = 0;
    completed.length = 0;
    const parsing = await run(file);
    expect(parsed.filter(isPriceLine)).toHaveLength(12);
    expect(prices).toEqual([]);
    expect(parsing).toMatchObject({
      pricesPublished: 0,
      pricesUnchanged: 12,
      recordsTotal: skipping.recordsTotal,
      recordsRejected: 0,
      newestObservationAt: skipping.newestObservationAt,
    });
    expect(seenOf(completed[0])).toEqual(seenSkipping);
    expect(await pricedAt(storeIds)).toEqual([parsing.startedAt, parsing.startedAt, parsing.startedAt]);
  });

  it('publishes the one changed line of a run after a skipping run, and unlists a line that went, though the rest is skipped', async () => {
    const { lines, priceLines, codes } = shelf(2);
    await run(feed(lines));
    await run(feed(lines)); // every price line skipped
    prices.length = 0;
    completed.length = 0;
    parsed.length = 0;
    const changedLine = priceLine('U2-2', codes[1], 555, '2026-01-20T06:00:00Z');
    const dropped = priceLines[0]; // U2-1's price of codes[0]
    const later = lines.filter((line) => line !== dropped).map((line) => (line === priceLines[4] ? changedLine : line));
    const done = await run(feed(later));
    expect(parsed.filter(isPriceLine)).toEqual([changedLine]);
    expect(prices).toEqual([expect.objectContaining({ price: 555, observedAt: '2026-01-20T06:00:00.000Z' })]);
    expect(done).toMatchObject({ pricesPublished: 1, pricesUnchanged: 10, newestObservationAt: '2026-01-20T06:00:00.000Z' });
    const seen = seenOf(completed[0]);
    expect(seen.map((store) => store.unlisted.length)).toEqual([1, 0, 0]);

    // The line that went comes back: it is published again (its price was unlisted), not skipped.
    prices.length = 0;
    parsed.length = 0;
    const back = await run(feed(lines));
    expect(parsed.filter(isPriceLine).sort()).toEqual([dropped, priceLines[4]].sort());
    expect(prices.map((p) => p.price).sort()).toEqual([111, 122].sort());
    expect(back).toMatchObject({ pricesPublished: 2, pricesUnchanged: 10 });
  });

  it('publishes a line that returns to a price another line of the same store and item replaced in its run', async () => {
    const { lines } = shelf(3);
    const code = ean(3, 9);
    const older = priceLine('U3-1', code, 300, '2026-01-19T07:00:00Z');
    const newer = priceLine('U3-1', code, 301, '2026-01-19T08:00:00Z');
    // One line a chunk: the two prices of U3-1 and the product are compared one after the other, the second last.
    const first = await run(feed([...lines, productLine(code), older, newer]), { chunkLines: 1 });
    expect(first).toMatchObject({ status: 'completed', pricesPublished: 14 });
    prices.length = 0;
    parsed.length = 0;
    // Both lines were remembered; the older one is met again, its price no longer the published one (301).
    const done = await run(feed([...lines, productLine(code), older]), { chunkLines: 1 });
    expect(parsed.filter(isPriceLine)).toEqual([older]);
    expect(prices).toEqual([expect.objectContaining({ price: 300, observedAt: '2026-01-19T07:00:00.000Z' })]);
    expect(done).toMatchObject({ pricesPublished: 1, pricesUnchanged: 12 });
  });

  it('skips a pair met with its history when its newest observation, not its last line, is the published price', async () => {
    const { lines } = shelf(4);
    const code = ean(4, 9);
    const older = priceLine('U4-1', code, 400, '2026-01-19T07:00:00Z');
    const newer = priceLine('U4-1', code, 401, '2026-01-19T08:00:00Z');
    const history = priceLine('U4-1', code, 399, '2026-01-18T08:00:00Z');
    // The newest observation (401) comes first: the last line (399) is older; the run publishes 401 as the current price.
    const file = feed([...lines, productLine(code), newer, older, history]);
    const first = await run(file);
    expect(first).toMatchObject({ pricesPublished: 15 });
    prices.length = 0;
    parsed.length = 0;
    const done = await run(file);
    expect(parsed.filter(isPriceLine)).toEqual([]);
    expect(prices).toEqual([]);
    expect(done).toMatchObject({ pricesPublished: 0, pricesUnchanged: 15, newestObservationAt: '2026-01-19T08:00:00.000Z' });
    // The newest one changed (its line is new): the whole pair is parsed and published with its history, as before.
    prices.length = 0;
    parsed.length = 0;
    const newest = priceLine('U4-1', code, 402, '2026-01-19T08:00:00Z');
    const changed = await run(feed([...lines, productLine(code), newest, older, history]));
    expect(parsed.filter(isPriceLine).sort()).toEqual([newest, older, history].sort());
    expect(prices.map((p) => p.price).sort()).toEqual([399, 400, 402]);
    expect(changed).toMatchObject({ pricesPublished: 3, pricesUnchanged: 12 });
  });

  it('publishes a byte-identical price line again when its product’s units changed in the run', async () => {
    const { stores, codes, priceLines } = shelf(5);
    const lines = (unit: string) => [...stores.map(storeLine), ...codes.map((code, i) => productLine(code, i === 0 ? unit : 'KPL')), ...priceLines];
    await run(feed(lines('KPL')));
    prices.length = 0;
    await run(feed(lines('KPL')));
    expect(prices).toEqual([]);
    const done = await run(feed(lines('KG')));
    expect(prices.map((p) => [p.itemId, p.priceUnit])).toEqual([0, 1, 2].map(() => [prices[0].itemId, 'kg']));
    expect(done).toMatchObject({ pricesPublished: 3, pricesUnchanged: 9 });
  });

  it('parses every line of a resumed run, and remembers nothing from it', async () => {
    const { lines } = shelf(6);
    const file = feed(lines);
    await run(file);
    const before = await remembered();
    const runs = app.get(FeedRunsRepository);
    const created = await runs.create('s-group', file);
    const runner = new FeedRunner(runs, app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher));
    await expect(runner.run(created.id, { chunkLines: 5, afterCheckpoint: () => Promise.reject(new Error('stopped half-way')) })).rejects.toThrow(
      'stopped half-way',
    );
    parsed.length = 0;
    const resumed = await runner.run(created.id, { chunkLines: 5 });
    expect(resumed.status).toBe('completed');
    expect(parsed).toHaveLength(lines.length);
    expect(await remembered()).toBe(before);
  });
});
