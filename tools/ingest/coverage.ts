/**
 * `npm run ingest:coverage [-- --json] [--list N]`: how much of Finland the prices cover, per chain group (S group,
 * K group, Lidl) and per price source in it: stores, stores with prices, products priced, the age of the prices
 * (median and 90th percentile) and the share of the price-level basket priced in each store (min / median / max and
 * the stores below half). The computation is coverage-report.ts.
 *
 * The database: DATABASE_URL, else the standalone profile's embedded PostgreSQL (PG_PORT, default 54329): the running
 * site's, or, when nothing answers there, started for the report from its data directory (DATA_DIR, or `.data`;
 * `.data/real` with HINTAKORI_DATA=real) and stopped after it. It reads the stores, catalog and ingest schemas of
 * that one database (in the distributed profile the services share it, each in its own schema).
 */
import { loadConfig } from '@hintakori/platform-config';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type CoverageRows, coverageReport, formatCoverage } from './coverage-report';

const USAGE = 'Usage: npm run ingest:coverage [-- --json] [--list <stores below half to name, default 10>]';

export interface CoverageArgs {
  json: boolean;
  list: number;
}

export function parseCoverageArgs(argv: readonly string[]): CoverageArgs {
  const args: CoverageArgs = { json: false, list: 10 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = true;
    else if (arg === '--list' || arg.startsWith('--list=')) {
      const value = arg.includes('=') ? arg.slice(7) : argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`--list must be a whole number from 0 to 10000, got '${value ?? ''}'\n${USAGE}`);
      args.list = n;
    } else throw new Error(`Unknown argument '${arg}'\n${USAGE}`);
  }
  return args;
}

const STORES_SQL = `
  SELECT s.id AS "storeId", s.name, s.chain_id AS chain, c.group_type AS "group"
    FROM stores.stores s JOIN stores.chains c ON c.id = s.chain_id
   WHERE s.closed_at IS NULL`;

/** A price's age: from the newer of its own time and its store's last run of its source (not for an unlisted price). */
const PRICES_SQL = `
  SELECT p.store_id AS "storeId", coalesce(p.source, 'unknown') AS source,
         greatest(0, floor(extract(epoch FROM ($1::timestamptz -
           CASE WHEN p.unlisted_at IS NULL THEN greatest(p.updated_at, r.seen_at) ELSE p.updated_at END)) / 3600))::int AS "ageHours",
         count(*)::int AS prices, count(b.item_id)::int AS basket
    FROM catalog.store_prices p
    LEFT JOIN catalog.store_feed_runs r ON r.store_id = p.store_id AND r.source = p.source
    LEFT JOIN catalog.reference_basket b ON b.item_id = p.item_id
   GROUP BY 1, 2, 3`;

const PRODUCTS_SQL = `
  SELECT c.group_type AS "group", CASE WHEN grouping(p.source) = 1 THEN NULL ELSE coalesce(p.source, 'unknown') END AS source,
         count(DISTINCT p.item_id)::int AS products
    FROM catalog.store_prices p
    JOIN stores.stores s ON s.id = p.store_id AND s.closed_at IS NULL
    JOIN stores.chains c ON c.id = s.chain_id
   GROUP BY GROUPING SETS ((c.group_type), (c.group_type, p.source))`;

/** The report's rows from a database holding the stores and catalog schemas, ages as of `now`. */
export async function readCoverageRows(client: Client, now: Date = new Date()): Promise<CoverageRows> {
  // One client, one query at a time.
  const stores = await client.query(STORES_SQL);
  const prices = await client.query(PRICES_SQL, [now.toISOString()]);
  const products = await client.query(PRODUCTS_SQL);
  const basket = await client.query('SELECT count(*)::int AS n FROM catalog.reference_basket');
  return { stores: stores.rows, prices: prices.rows, products: products.rows, basketSize: basket.rows[0].n };
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL, the running standalone's database, or the standalone's data directory started for the report. */
async function openDatabase(env: NodeJS.ProcessEnv): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  const port = Number(env.PG_PORT ?? 54329);
  const url = `postgres://hintakori:hintakori@127.0.0.1:${port}/hintakori`;
  if (await answers(url)) return { url };
  const { dataDir } = loadConfig({ ...env, HINTAKORI_PROFILE: 'standalone' });
  if (!existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`No database: set DATABASE_URL, or start the site (npm start), or give DATA_DIR (nothing answers on port ${port} and ${dataDir}/pg holds no database)`);
  }
  const pg = await startEmbeddedPostgres({ dataDir, port });
  return { url: pg.url, stop: pg.stop };
}

async function main(): Promise<void> {
  const args = parseCoverageArgs(process.argv.slice(2));
  const database = await openDatabase(process.env);
  const client = new Client({ connectionString: database.url });
  try {
    await client.connect();
    const report = coverageReport(await readCoverageRows(client), args.list);
    process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatCoverage(report));
  } finally {
    await client.end().catch(() => undefined);
    await database.stop?.();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
