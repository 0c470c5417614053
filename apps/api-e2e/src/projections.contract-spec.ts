import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { AppConfig } from '@hintakori/platform-config';
import {
  committedOffsets,
  createKafkaAdmin,
  createProducer,
  InProcessBus,
  InProcessClient,
  InProcessServer,
  KafkaBatchConsumer,
  type KafkaProducer,
  ServiceExceptionFilter,
  setCommittedOffsets,
  topicWatermarks,
} from '@hintakori/platform-messaging';
import { encodePriceObservedBatch, IngestTopics, ItemUpsertedEvent, OfferUpsertedEvent, PriceObservedEvent, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';
import { StoresModule } from '@hintakori/stores-service';
import { createTestDatabase, testConfig, TestDatabase, TransportKind } from '@hintakori/testing';
import { DynamicModule, INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Admin } from '@platformatic/kafka';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { lastValueFrom } from 'rxjs';

/**
 * The ingest events as price-ingest publishes them (message value = JSON array of events, or for prices the batch
 * form of PriceObservedBatch; key = item id or store id) reach the catalog, stores and comparisons projections over both transports; delivering the same
 * messages again — on Kafka by rewinding the consumer groups, as after a crash before the commit — changes nothing.
 */
const BROKERS = (process.env.KAFKA_BROKERS ?? '127.0.0.1:59092').split(',');
const TOPICS = [IngestTopics.ItemsUpserted, IngestTopics.PricesObserved, IngestTopics.StoresUpserted, IngestTopics.OffersUpserted];

// Ids far from the demo data's, distinct per run: the shared broker's topics carry other runs' events too.
const base = 700_000_000 + (randomBytes(3).readUIntBE(0, 3) % 1_000_000) * 100;
const ITEM = { milk: base + 1, dogFood: base + 2 };
const STORE = { a: base + 11, b: base + 12 };
const OFFER = base + 21;
const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const T = { old: t(120), mid: t(60), now: t(1) };

function item(itemId: number, path: string[], name: string, observedAt: string): ItemUpsertedEvent {
  return {
    itemId,
    ean: `6400000${String(itemId).slice(-6)}`,
    name,
    urlSlug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    pictureUrl: null,
    brandName: 'Testi',
    originCountry: 'Suomi',
    description: null,
    ingredients: null,
    nutritionalContent: [],
    priceUnit: 'kpl',
    comparisonPriceUnit: 'l',
    category: { externalType: 'contract-test', externalId: path.join(' > '), name: path[path.length - 1], path },
    observedAt,
    source: 'contract-test',
  };
}

function price(itemId: number, storeId: number, cents: number, observedAt: string, isCampaign = false): PriceObservedEvent {
  return { itemId, storeId, price: cents, comparisonPrice: cents, priceUnit: 'kpl', comparisonPriceUnit: 'l', isCampaign, observedAt, source: 'contract-test' };
}

function store(storeId: number, name: string, observedAt: string): StoreUpsertedEvent {
  return {
    storeId,
    externalId: `CT${storeId}`,
    chain: 'prisma',
    type: 'S',
    name,
    urlSlug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    address: 'Sopimuskatu 1',
    postalCode: '00100',
    city: 'Helsinki',
    lat: 60.17,
    long: 24.94,
    weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '07:00', closes: '23:00', isOpenAllDay: false })),
    exceptions: [],
    observedAt,
    source: 'contract-test',
  };
}

const offer = (observedAt: string, validUntil: string | null): OfferUpsertedEvent => ({
  offerId: OFFER,
  storeId: STORE.a,
  itemId: ITEM.milk,
  name: 'Maito -20 %',
  image: null,
  validUntil,
  observedAt,
  source: 'contract-test',
});

const TERMS = {
  regularPrice: 649,
  campaignStartsAt: '2026-01-05T22:00:00.000Z',
  campaignEndsAt: '2099-01-11T21:59:59.999Z',
  memberPrice: { card: 'k-plussa' as const, price: 499 },
  multibuy: { quantity: 2, price: 999 },
  averageWeightGrams: 1000,
};

/** [topic, key, value] in publishing order; the value is what goes on the wire (an array, or one event, or garbage). */
const MESSAGES: [string, string, unknown][] = [
  [IngestTopics.StoresUpserted, String(STORE.a), [store(STORE.a, 'Prisma Sopimus', T.old), store(STORE.a, 'Prisma Sopimus Uusi', T.mid)]],
  [IngestTopics.StoresUpserted, String(STORE.b), store(STORE.b, 'Prisma Toinen', T.old)],
  [IngestTopics.ItemsUpserted, String(ITEM.milk), [item(ITEM.milk, ['Maito, juusto, munat ja rasvat', 'Maidot'], 'Sopimusmaito 1 l', T.old)]],
  [IngestTopics.ItemsUpserted, String(ITEM.dogFood), [item(ITEM.dogFood, ['Lemmikit', 'Koiranruoka'], 'Sopimusnappula 1 kg', T.old)]],
  [IngestTopics.PricesObserved, String(ITEM.milk), 'not json at all {'],
  [IngestTopics.PricesObserved, String(ITEM.milk), [price(ITEM.milk, STORE.a, 129, T.old), price(ITEM.milk, STORE.b, 135, T.old), { itemId: 'bad' }]],
  // The batch form (what price-ingest sends on Kafka); its third observation is bad (euros, not cents) and skipped alone.
  [
    IngestTopics.PricesObserved,
    String(ITEM.milk),
    { ...encodePriceObservedBatch([price(ITEM.milk, STORE.a, 99, T.mid, true), price(ITEM.milk, STORE.b, 135, T.mid), price(ITEM.milk, STORE.b, 135, T.mid)]), price: [99, 135, 1.35] },
  ],
  // A batch of a format the consumers do not know is skipped as a whole (had it been read, 1 cent at T.now would stay).
  [IngestTopics.PricesObserved, String(ITEM.milk), { ...encodePriceObservedBatch([price(ITEM.milk, STORE.a, 1, T.now)]), format: 'columns/9' }],
  [IngestTopics.PricesObserved, String(ITEM.milk), encodePriceObservedBatch([price(ITEM.milk, STORE.a, 129, T.now)])],
  [IngestTopics.PricesObserved, String(ITEM.milk), [price(ITEM.milk, STORE.a, 1, T.old)]], // late and older: no effect
  // The till terms (issue 36) ride along in the batch form and reach both price projections.
  [IngestTopics.PricesObserved, String(ITEM.dogFood), encodePriceObservedBatch([{ ...price(ITEM.dogFood, STORE.b, 549, T.mid, true), ...TERMS }])],
  [IngestTopics.OffersUpserted, String(STORE.a), [offer(T.old, null)]],
  [IngestTopics.OffersUpserted, String(STORE.a), [offer(T.mid, t(-60 * 24))]],
];

interface Running {
  apps: (INestApplicationContext | INestMicroservice)[];
}

const modules = (config: AppConfig, group: string): DynamicModule[] => [
  CatalogModule.forRoot(config, { seedFromFeed: false, eventConsumerGroup: `${group}-catalog` }),
  StoresModule.forRoot(config, { seedFromFeed: false, eventConsumerGroup: `${group}-stores` }),
  ComparisonsModule.forRoot(config, { seedFromFeed: false, eventConsumerGroup: `${group}-comparisons` }),
];

describe.each<TransportKind>(['in-process', 'kafka'])('ingest event projections over %s', (transport) => {
  const group = `contract-${randomBytes(4).toString('hex')}`;
  const groups = ['catalog', 'stores', 'comparisons'].map((service) => `${group}-${service}`);
  const groupTopics: Record<string, string[]> = {
    [`${group}-catalog`]: [IngestTopics.ItemsUpserted, IngestTopics.PricesObserved],
    [`${group}-stores`]: [IngestTopics.StoresUpserted, IngestTopics.OffersUpserted],
    [`${group}-comparisons`]: [IngestTopics.PricesObserved],
  };
  let db: TestDatabase;
  let sql: Client;
  let config: AppConfig;
  let running: Running | undefined;
  // in-process
  const bus = new InProcessBus();
  // kafka
  let admin: Admin;
  let producer: KafkaProducer;
  let startOffsets: Map<string, { partition: number; offset: number }[]>;
  let endOffsets: Map<string, { partition: number; offset: number }[]>;

  async function start(): Promise<void> {
    const apps: Running['apps'] = [];
    for (const module of modules(config, group)) {
      if (transport === 'in-process') {
        const app = await NestFactory.createMicroservice(module, { strategy: new InProcessServer(bus), logger: ['error'] });
        app.useGlobalFilters(new ServiceExceptionFilter());
        await app.listen();
        apps.push(app);
      } else {
        // Only the event consumers: no request/reply server, so nothing joins the shared service groups.
        const app = await NestFactory.createApplicationContext(module, { logger: ['error'] });
        await app.init();
        await app.get(KafkaBatchConsumer).whenJoined();
        apps.push(app);
      }
    }
    running = { apps };
  }

  async function stop(): Promise<void> {
    for (const app of running?.apps ?? []) await app.close();
    running = undefined;
  }

  async function publishAll(): Promise<void> {
    if (transport === 'in-process') {
      const client = new InProcessClient(bus);
      for (const [topic, , value] of MESSAGES) {
        if (typeof value === 'string') continue; // the in-process bus carries objects, never raw bytes
        await lastValueFrom(client.emit(topic, value), { defaultValue: undefined });
      }
      return;
    }
    for (const [topic, key, value] of MESSAGES) {
      await producer.send({ messages: [{ topic, key, value: typeof value === 'string' ? value : JSON.stringify(value) }] });
    }
  }

  type Offsets = Map<string, { partition: number; offset: number }[]>;

  async function topicEnds(): Promise<Offsets> {
    const watermarks = await topicWatermarks(admin, TOPICS);
    return new Map([...watermarks].map(([topic, partitions]) => [topic, partitions.map((p) => ({ partition: p.partition, offset: p.high }))]));
  }

  /** Commits `offsets` for each group on the topics it consumes. */
  async function setGroupOffsets(offsets: Offsets): Promise<void> {
    for (const groupId of groups) await setCommittedOffsets(admin, groupId, new Map(groupTopics[groupId].map((topic) => [topic, offsets.get(topic) ?? []])));
  }

  /** Every group has committed at least up to `ends` on each of its topics (all our messages written). */
  async function caughtUp(ends: Offsets): Promise<boolean> {
    for (const groupId of groups) {
      const committed = await committedOffsets(admin, groupId);
      for (const topic of groupTopics[groupId]) {
        for (const end of ends.get(topic) ?? []) {
          const mine = committed.get(topic)?.get(end.partition);
          if (mine === undefined || mine < end.offset) return false;
        }
      }
    }
    return true;
  }

  async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function snapshot() {
    const rows = async (query: string, params: unknown[]) => (await sql.query(query, params)).rows;
    const items = [ITEM.milk, ITEM.dogFood];
    const stores = [STORE.a, STORE.b];
    return {
      items: await rows(
        `SELECT i.id, i.name, i.observed_at, c.slug AS category, i.source_category_id FROM catalog.items i LEFT JOIN catalog.categories c ON c.id = i.category_id WHERE i.id = ANY ($1) ORDER BY i.id`,
        [items],
      ),
      categories: await rows(`SELECT id, name, slug, parent_category_id FROM catalog.categories ORDER BY id`, []),
      prices: await rows('SELECT * FROM catalog.store_prices WHERE item_id = ANY ($1) ORDER BY item_id, store_id', [items]),
      history: await rows('SELECT * FROM catalog.price_history WHERE item_id = ANY ($1) ORDER BY item_id, store_id, valid_from', [items]),
      matrix: await rows('SELECT * FROM comparisons.price_matrix WHERE item_id = ANY ($1) ORDER BY item_id, store_id', [items]),
      stores: await rows('SELECT id, name, chain_id, observed_at FROM stores.stores WHERE id = ANY ($1) ORDER BY id', [stores]),
      hours: await rows('SELECT * FROM stores.opening_hours WHERE store_id = ANY ($1) ORDER BY store_id, weekday', [stores]),
      offers: await rows('SELECT * FROM stores.offers WHERE store_id = ANY ($1) ORDER BY id', [stores]),
    };
  }

  /** What the messages must have produced, whatever order the four topics were consumed in. */
  async function projected(): Promise<boolean> {
    const s = await snapshot();
    return (
      s.items.length === 2 &&
      s.prices.length === 3 &&
      s.history.length === 5 &&
      s.matrix.length === 3 &&
      s.stores.length === 2 &&
      s.offers.length === 1 &&
      s.offers[0].valid_until !== null &&
      s.stores.some((row) => row.name === 'Prisma Sopimus Uusi')
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new Client({ connectionString: db.url });
    await sql.connect();
    config =
      transport === 'kafka'
        ? testConfig(db.url, { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: BROKERS.join(','), REDIS_URL: 'redis://127.0.0.1:56379' })
        : testConfig(db.url);
    if (transport === 'kafka') {
      admin = createKafkaAdmin(`${group}-test`, BROKERS, 5);
      producer = createProducer(`${group}-test`, BROKERS, { idempotent: true });
      // New groups start exactly at the current ends: they see our messages and nothing older.
      startOffsets = await topicEnds();
      await setGroupOffsets(startOffsets);
    }
    // The category tree the item events are placed into (normally seeded at boot).
    await start();
    await sql.query(`
      INSERT INTO catalog.categories (id, name, slug, parent_category_id) VALUES
        (1, 'Maito, juusto, munat ja rasvat', 'maito-juusto-munat-ja-rasvat', NULL), (2, 'Maidot', 'maidot', 1);
      SELECT setval(pg_get_serial_sequence('catalog.categories', 'id'), 2)`);
  });

  afterAll(async () => {
    await stop();
    await producer?.close();
    if (admin) {
      await admin.deleteGroups({ groups }).catch(() => undefined);
      await admin.close();
    }
    await sql?.end();
    await db?.drop();
  });

  it('projects items, prices with history, stores and offers, skipping what is malformed', async () => {
    await publishAll();
    if (transport === 'kafka') endOffsets = await topicEnds();
    await eventually(projected, 'all four topics projected');
    if (transport === 'kafka') await eventually(() => caughtUp(endOffsets), 'offsets committed after the writes');

    const s = await snapshot();
    expect(s.items.map((row) => [row.id, row.category])).toEqual([
      [ITEM.milk, 'maidot'],
      [ITEM.dogFood, 'muut'],
    ]);
    expect(s.prices.map((row) => [row.item_id, row.store_id, row.price, row.is_campaign, row.updated_at.toISOString()])).toEqual([
      [ITEM.milk, STORE.a, 129, false, T.now],
      [ITEM.milk, STORE.b, 135, false, T.mid], // confirmed at T.mid, unchanged
      [ITEM.dogFood, STORE.b, 549, true, T.mid],
    ]);
    expect(s.history.map((row) => [row.item_id, row.store_id, row.price, row.valid_from.toISOString(), row.valid_to?.toISOString() ?? null])).toEqual([
      [ITEM.milk, STORE.a, 129, T.old, T.mid],
      [ITEM.milk, STORE.a, 99, T.mid, T.now],
      [ITEM.milk, STORE.a, 129, T.now, null],
      [ITEM.milk, STORE.b, 135, T.old, null],
      [ITEM.dogFood, STORE.b, 549, T.mid, null],
    ]);
    expect(s.matrix.map((row) => [row.item_id, row.store_id, row.price])).toEqual([
      [ITEM.milk, STORE.a, 129],
      [ITEM.milk, STORE.b, 135],
      [ITEM.dogFood, STORE.b, 549],
    ]);
    const terms = (row: Record<string, unknown>) => [
      row.regular_price,
      (row.campaign_starts_at as Date).toISOString(),
      (row.campaign_ends_at as Date).toISOString(),
      row.member_card,
      row.member_price,
      row.multibuy_quantity,
      row.multibuy_price,
      row.average_weight_grams,
    ];
    const expectedTerms = [649, TERMS.campaignStartsAt, TERMS.campaignEndsAt, 'k-plussa', 499, 2, 999, 1000];
    expect(terms(s.prices.find((row) => row.item_id === ITEM.dogFood))).toEqual(expectedTerms);
    expect(terms(s.matrix.find((row) => row.item_id === ITEM.dogFood))).toEqual(expectedTerms);
    // A price without terms keeps none.
    expect(s.matrix.find((row) => row.item_id === ITEM.milk).member_price).toBeNull();
    expect(s.stores.map((row) => row.name)).toEqual(['Prisma Sopimus Uusi', 'Prisma Toinen']);
    expect(s.hours).toHaveLength(14);
  });

  it('changes nothing when the same messages are delivered again', async () => {
    const before = await snapshot();
    if (transport === 'kafka') {
      // As after a crash before the commit: the consumers stop, their groups are rewound, they read it all again.
      await stop();
      await setGroupOffsets(startOffsets);
      expect(await caughtUp(endOffsets)).toBe(false);
      await start();
      await eventually(() => caughtUp(endOffsets), 'the rewound groups consumed everything again');
      // And the same messages published a second time (a producer retry).
      await publishAll();
      const ends = await topicEnds();
      await eventually(() => caughtUp(ends), 'the republished messages consumed');
    } else {
      await publishAll();
    }
    expect(await snapshot()).toEqual(before);
  });
});
