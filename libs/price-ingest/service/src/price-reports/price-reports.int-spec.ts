import { inProcessBus } from '@hintakori/platform-messaging';
import { IngestTopics, PriceObservedEvent, SHOPPERS_SOURCE, SubmitPriceReportRequest } from '@hintakori/price-ingest-contracts';
import { gtinCheckDigit } from '@hintakori/shared-util';
import { createTestDatabase, TestDatabase, testConfig } from '@hintakori/testing';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { withIngestConfig } from '../ingest-config';
import { PriceIngestModule } from '../price-ingest.module';
import { IngestPublisher } from '../publishing/ingest-publisher';
import { PublishedPricesRepository, publishedPriceOf } from '../published/published-prices.repository';
import { RegistryRepository } from '../registry/registry.repository';
import { FeedRunner } from '../runs/feed-runner';
import { FeedRunsRepository } from '../runs/feed-runs.repository';
import { PriceReportsService } from './price-reports.service';

const SOURCE = 'jsonl:chain';
const ean = (n: number) => {
  const body = `640888000${String(n).padStart(3, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
};
const clientA = 'a'.repeat(32);
const clientB = 'b'.repeat(32);

/**
 * The shoppers source on a real PostgreSQL, weighed against prices a real feed run published: a chain's feed of three
 * stores (C1 prices products 1–6 at 2,00 €, C2 product 1, C3 nothing) and its runs' memory of what they published.
 */
describe('price reports (the shoppers source) on PostgreSQL', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let dir: string;
  let feed: string;
  let reports: PriceReportsService;
  const prices: PriceObservedEvent[] = [];
  const storeIds = new Map<string, number>();
  const itemIds = new Map<number, number>();
  /** A moment after the feed run priced the stores: the reports' clock. */
  let now: number;

  const runFeed = async () => {
    const run = await app.get(FeedRunsRepository).create(SOURCE, feed);
    return new FeedRunner(app.get(FeedRunsRepository), app.get(RegistryRepository), app.get(PublishedPricesRepository), app.get(IngestPublisher)).run(run.id);
  };
  const report = (fields: Partial<SubmitPriceReportRequest> & { product?: number; store?: string } = {}): SubmitPriceReportRequest => {
    const { product = 1, store = 'C1', ...rest } = fields;
    return { client: clientA, storeId: storeIds.get(store) as number, ean: ean(product), price: 210, seenAt: new Date(now - 60_000).toISOString(), ...rest };
  };
  const rows = (product: number) =>
    app.get(DataSource).query('SELECT client, price, status FROM ingest.price_reports WHERE item_id = $1 ORDER BY id', [itemIds.get(product)]);
  const shoppersEvents = () => prices.filter((p) => p.source === SHOPPERS_SOURCE);

  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'price-reports-int-'));
    inProcessBus.onEvent(IngestTopics.PricesObserved, async (data) => void prices.push(...[data].flat(2).map((p) => p as PriceObservedEvent)));
    app = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(testConfig(db.url), {}), { runWorkers: false }), { logger: ['error'] });
    const store = (id: string, lat: number) => ({ kind: 'store', storeId: id, chain: 'prisma', name: `Prisma ${id}`, address: 'Katu 1', postalCode: '00100', city: 'Helsinki', lat, long: 24.94 });
    const lines: unknown[] = [store('C1', 60.1), store('C2', 60.2), store('C3', 60.3)];
    for (let p = 1; p <= 6; p++) lines.push({ kind: 'product', ean: ean(p), name: `Tuote ${p}`, category: ['Maito'], priceUnit: 'kpl', comparisonUnit: 'l' });
    for (let p = 1; p <= 6; p++) lines.push({ kind: 'price', storeId: 'C1', ean: ean(p), price: 2.0 });
    lines.push({ kind: 'price', storeId: 'C2', ean: ean(1), price: 2.0 });
    feed = join(dir, 'chain.jsonl');
    writeFileSync(feed, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    expect(await runFeed()).toMatchObject({ status: 'completed', pricesPublished: 7 });
    now = Date.now() + 5 * 60_000;
    const registry = app.get(RegistryRepository);
    for (const [externalId, id] of await registry.registerStores(SOURCE, ['C1', 'C2', 'C3'].map((externalId) => ({ externalId, chain: 'prisma' })))) storeIds.set(externalId, id);
    for (let p = 1; p <= 6; p++) itemIds.set(p, (await registry.sourceItems(SOURCE, [ean(p)])).get(ean(p))?.itemId as number);
    reports = app.get(PriceReportsService);
  });

  afterAll(async () => {
    await app?.close();
    inProcessBus.removeAll(Object.values(IngestTopics));
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    prices.length = 0;
  });

  it('refuses a bad report with a 400 naming the field, and keeps nothing of it', async () => {
    const refusal = (request: SubmitPriceReportRequest) => reports.submit(request, now).then(() => 'accepted', (error: { status?: number; message: string }) => `${error.status} ${error.message}`);
    const wrong = `${ean(1).slice(0, 12)}${(Number(ean(1)[12]) + 1) % 10}`;
    expect(await refusal(report({ ean: wrong }))).toBe(`400 ean has a wrong check digit, got "${wrong}"`);
    expect(await refusal(report({ storeId: 999_999 }))).toBe('400 storeId: no store 999999');
    expect(await refusal(report({ seenAt: new Date(now + 3 * 60_000).toISOString() }))).toBe('400 seenAt must not be in the future');
    expect(await refusal(report({ seenAt: new Date(now - 25 * 3600_000).toISOString() }))).toBe('400 seenAt is over a day old');
    expect(await refusal(report({ regularPrice: 200 }))).toBe('400 regularPrice must be at least price (210), got 200');
    expect(await refusal(report({ comparisonPrice: 210 }))).toBe('400 comparisonUnit is required with comparisonPrice');
    expect(await app.get(DataSource).query('SELECT count(*)::int AS n FROM ingest.price_reports')).toEqual([{ n: 0 }]);
    expect(prices).toEqual([]);
  });

  it('publishes a plausible report as a shoppers price seen at seenAt, and the chain’s next run publishes its own price again', async () => {
    const seenAt = new Date(now - 60_000).toISOString();
    expect(await reports.submit(report({ price: 249, regularPrice: 299, comparisonPrice: 249, comparisonUnit: 'l', seenAt }), now)).toEqual({ outcome: 'published' });
    expect(prices).toEqual([
      expect.objectContaining({ itemId: itemIds.get(1), storeId: storeIds.get('C1'), price: 249, regularPrice: 299, isCampaign: true, comparisonPrice: 249, comparisonPriceUnit: 'l', priceUnit: 'kpl', observedAt: seenAt, source: SHOPPERS_SOURCE }),
    ]);
    // The chain's memory of that price is gone, so an unchanged feed brings the chain's price back…
    const [row] = await app.get(DataSource).query('SELECT prices FROM ingest.published_prices WHERE source = $1 AND store_id = $2', [SOURCE, storeIds.get('C1')]);
    expect(publishedPriceOf(row.prices, itemIds.get(1) as number)).toBeNull();
    expect(publishedPriceOf(row.prices, itemIds.get(2) as number)).toMatchObject({ price: 200 });
    prices.length = 0;
    await runFeed();
    expect(prices.map((p) => [p.storeId, p.itemId, p.price, p.source])).toEqual([[storeIds.get('C1'), itemIds.get(1), 200, SOURCE]]);
  });

  it('counts an identical report of the same client within 10 minutes once, but not another client’s or a later one', async () => {
    const same = report({ product: 3, price: 205, store: 'C1' });
    expect((await reports.submit(same, now)).outcome).toBe('published');
    expect((await reports.submit({ ...same, seenAt: new Date(now - 30_000).toISOString() }, now + 60_000)).outcome).toBe('duplicate');
    expect((await reports.submit({ ...same, client: clientB }, now + 60_000)).outcome).toBe('published');
    expect((await reports.submit(same, now + 11 * 60_000)).outcome).toBe('published');
    expect(shoppersEvents()).toHaveLength(3);
    expect(await rows(3)).toHaveLength(3);
  });

  it('keeps a report over 50 % from the known price waiting until another client confirms it within 5 %', async () => {
    expect((await reports.submit(report({ product: 4, price: 99 }), now)).outcome).toBe('pending');
    // The same client again does not confirm itself, nor does another client's price more than 5 % away.
    expect((await reports.submit(report({ product: 4, price: 98 }), now)).outcome).toBe('pending');
    expect((await reports.submit(report({ product: 4, price: 90, client: clientB }), now)).outcome).toBe('pending');
    expect(shoppersEvents()).toEqual([]);
    // 97 is within 5 % of 98 (the newest waiting report it matches), not of 90.
    expect((await reports.submit(report({ product: 4, price: 97, client: clientB }), now)).outcome).toBe('confirmed');
    expect(shoppersEvents().map((p) => [p.itemId, p.price])).toEqual([[itemIds.get(4), 97]]);
    expect((await rows(4)).map((r: { price: number; status: string }) => [r.price, r.status])).toEqual([
      [99, 'pending'],
      [98, 'confirmed'],
      [90, 'pending'],
      [97, 'confirmed'],
    ]);
    // A price of 50 % off is not over 50 % away: published at once.
    expect((await reports.submit(report({ product: 5, price: 100 }), now)).outcome).toBe('published');
  });

  it('never publishes over a newer price: the chain priced the store after seenAt, or a later report is shown', async () => {
    const beforeRun = new Date(now - 6 * 60 * 60_000).toISOString();
    expect((await reports.submit(report({ product: 6, price: 199, seenAt: beforeRun }), now)).outcome).toBe('superseded');
    expect((await reports.submit(report({ product: 6, price: 198, seenAt: new Date(now - 60_000).toISOString() }), now)).outcome).toBe('published');
    expect((await reports.submit(report({ product: 6, price: 197, seenAt: new Date(now - 120_000).toISOString(), client: clientB }), now)).outcome).toBe('superseded');
    expect(shoppersEvents().map((p) => p.price)).toEqual([198]);
    expect((await rows(6)).map((r: { status: string; price: number }) => [r.price, r.status])).toEqual([
      [199, 'superseded'],
      [198, 'published'],
      [197, 'superseded'],
    ]);
  });

  it('publishes where the store has no known price, and keeps nothing for a product no source lists', async () => {
    expect((await reports.submit(report({ store: 'C3', product: 2, price: 9999 }), now)).outcome).toBe('published');
    const unknown = `${'2000000000'}99`;
    expect((await reports.submit(report({ ean: `${unknown}${gtinCheckDigit(unknown)}` }), now)).outcome).toBe('unknown-item');
    expect(shoppersEvents().map((p) => [p.storeId, p.price])).toEqual([[storeIds.get('C3'), 9999]]);
  });
});
