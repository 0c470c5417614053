import { generateDemoData } from '@hintakori/demo-data';
import { createTestDatabase, startTestService, testConfig } from '@hintakori/testing';
import { DataSource } from 'typeorm';
import { CatalogModule } from './catalog.module';
import { PriceObservation, StorePriceProjection } from './prices/store-price.projection';
it('bench', async () => {
  const db = await createTestDatabase();
  const s = await startTestService(CatalogModule.forRoot(testConfig(db.url)));
  const d = generateDemoData({});
  let t = Date.now();
  const rows: PriceObservation[] = [];
  for (const p of d.prices()) rows.push({ ...p, observedAt: p.updatedAt });
  console.error('iterate', Date.now() - t);
  const proj = s.app.get(StorePriceProjection);
  t = Date.now();
  await proj.applyPriceObservations(rows);
  console.error('db apply unnest', Date.now() - t);
  const ds = s.app.get(DataSource);
  await ds.query('TRUNCATE catalog.store_prices');
  t = Date.now();
  let ser = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const t1 = Date.now();
    const json = JSON.stringify(rows.slice(i, i + 5000));
    ser += Date.now() - t1;
    await ds.query(`WITH changed AS (INSERT INTO catalog.store_prices AS current (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at)
      SELECT DISTINCT ON (o."itemId", o."storeId") o."itemId", o."storeId", o.price, o."comparisonPrice", o."priceUnit", o."comparisonPriceUnit", o."isCampaign", o."observedAt"
      FROM json_to_recordset($1::json) AS o("itemId" int, "storeId" int, price int, "comparisonPrice" int, "priceUnit" text, "comparisonPriceUnit" text, "isCampaign" boolean, "observedAt" timestamptz)
      ORDER BY o."itemId", o."storeId", o."observedAt" DESC, o.price
      ON CONFLICT (item_id, store_id) DO UPDATE SET price = excluded.price WHERE current.updated_at < excluded.updated_at RETURNING 1) SELECT count(*)::int FROM changed`, [json]);
  }
  console.error('db apply json', Date.now() - t, 'stringify', ser);
  await s.close(); await db.drop();
});
