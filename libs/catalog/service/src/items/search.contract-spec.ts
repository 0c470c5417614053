import { CatalogPatterns, ItemDto, ItemsJsonReply } from '@hintakori/catalog-contracts';
import { generateDemoData } from '@hintakori/demo-data';
import { callService } from '@hintakori/platform-messaging';
import { createTestDatabase, startServiceOverTransport, testConfig, TestDatabase, TransportKind } from '@hintakori/testing';
import { evalStoreIds, EVAL_TODAY, loadDemoCatalog } from '../search-eval/search-eval.testing';
import { EVAL_SET } from '../search-eval/eval-set.testing';
import { CatalogModule } from '../catalog.module';
import { SearchIndex } from './search-index';

/**
 * The ranked search answers the same over the in-process bus (standalone) and over real Kafka (distributed), and
 * SearchItemsJson's text is on both exactly the serialized SearchItems answer.
 */
describe('SearchItems over both transports', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('ranks the evaluation queries identically in-process and over Kafka', async () => {
    const data = generateDemoData({ size: 'small', today: EVAL_TODAY });
    const storeIds = evalStoreIds(data);
    const answers: Partial<Record<TransportKind, string[][]>> = {};
    for (const transport of ['in-process', 'kafka'] as const) {
      const config = testConfig(
        db.url,
        transport === 'kafka' ? { HINTAKORI_PROFILE: 'distributed', KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:59092', REDIS_URL: 'redis://127.0.0.1:56379' } : {},
      );
      const catalog = await startServiceOverTransport('catalog', CatalogModule.forRoot(config), config);
      try {
        if (transport === 'in-process') await loadDemoCatalog(catalog.app, data, storeIds);
        await catalog.app.get(SearchIndex).whenCaughtUp(); // each service's index answers once it has loaded the data
        const found: string[][] = [];
        for (const { query } of EVAL_SET) {
          const items = await callService<ItemDto[]>(catalog.client, CatalogPatterns.SearchItems, { search: query, storeIds, limit: 10, offset: 0 });
          const text = await callService<ItemsJsonReply>(catalog.client, CatalogPatterns.SearchItemsJson, { search: query, storeIds, limit: 10, offset: 0 });
          expect({ transport, query, json: text.json }).toEqual({ transport, query, json: JSON.stringify(items) });
          found.push(items.map((item) => `${item.id} ${item.name} ${item.storeItems.map((s) => `${s.storeId}:${s.price}`).join(',')}`));
        }
        answers[transport] = found;
        // Many answers at once are all answered (a turn's replies over the broker's size limit were once refused
        // whole; micro-batch-producer.contract-spec.ts holds that limit on the real broker).
        const large = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            callService<ItemsJsonReply>(catalog.client, CatalogPatterns.SearchItemsJson, { search: ['maito', 'juusto', 'leipä'][i % 3], storeIds, limit: 200, offset: i % 2 }),
          ),
        );
        expect(large.map((reply) => reply.json.startsWith('[{'))).toEqual(Array.from({ length: 12 }, () => true));
      } finally {
        await catalog.close();
      }
    }
    expect(answers['in-process']!.filter((found) => found.length > 0).length).toBe(EVAL_SET.length);
    expect(answers.kafka).toEqual(answers['in-process']);
  });
});
