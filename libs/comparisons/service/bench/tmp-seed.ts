import 'reflect-metadata';
import { generateDemoData } from '@hintakori/demo-data';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { startTestService, testConfig } from '@hintakori/testing';
import { Client } from 'pg';
import { ComparisonsSeeder } from '../src/comparisons.seeder';
import { ComparisonsModule } from '../src/comparisons.module';
async function main() {
  const first: any[] = []; for (const p of generateDemoData({}).prices()) { first.push([p.itemId, p.storeId]); if (first.length > 8) break; }
  console.log('order', JSON.stringify(first));
  const pg = await startEmbeddedPostgres({ dataDir: '.data/bench-pg', port: 55488 });
  const admin = new Client({ connectionString: pg.url }); await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS tmpseed WITH (FORCE)'); await admin.query('CREATE DATABASE tmpseed'); await admin.end();
  const url = pg.url.replace(/hintakori$/, 'tmpseed');
  const svc = await startTestService(ComparisonsModule.forRoot(testConfig(url)));
  const seeder = svc.app.get(ComparisonsSeeder);
  for (let i = 0; i < 2; i++) {
    const c = new Client({ connectionString: url }); await c.connect(); await c.query('TRUNCATE comparisons.price_matrix'); await c.end();
    const t = Date.now(); const n = await seeder.seed(); console.log('seeded', n, 'in', Date.now() - t, 'ms');
  }
  await svc.close(); await pg.stop();
}
main().catch((e) => { console.error(e); process.exit(1); });
