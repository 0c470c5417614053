// The floor of an API benchmark: the SQL statements a scenario's request runs, replayed by pgbench at the same
// concurrency against the same database. The statements are recorded from the services' own (built) repositories
// — the code the API runs, not a copy of it — by handing them a DataSource that records (and runs) what they send.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** pgbench from PATH; installed with apt (postgresql-client) when missing. */
export function ensurePgbench() {
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  console.log('[bench] pgbench not found: apt-get install postgresql-client…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  if (spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql-client'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status !== 0) {
    throw new Error('could not install postgresql-client (pgbench)');
  }
  return 'pgbench';
}

/**
 * A DataSource stand-in that records the statements a repository method sends. With a pg client it also runs them
 * and hands back their rows, so a method whose later statements depend on earlier answers (the search: candidates,
 * then the ranked page) records every statement it sends; without one, every statement answers no rows.
 */
function recorder(client) {
  const calls = [];
  return {
    calls,
    async query(sql, params = []) {
      if (/FROM pg_extension/.test(sql) && !client) return [{ schema: 'public' }];
      if (!/FROM pg_extension/.test(sql)) calls.push({ sql, params });
      return client ? (await client.query(sql, params)).rows : [];
    },
  };
}

/** A parameter as an SQL literal (pgbench scripts take no bind parameters). */
function literal(value) {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Inlines $n parameters; an empty array gets the type the statement casts it to. */
function inline(sql, params) {
  return sql.replace(/\$(\d+)(::[a-z0-9_]+(\[\])?)?/gi, (_, n, cast = '') => {
    const value = params[Number(n) - 1];
    if (Array.isArray(value) && value.length === 0) return `'{}'${cast || '::int[]'}`;
    return `${literal(value)}${cast}`;
  });
}

const dist = (root, file) => require(path.join(root, 'dist', file));

/** One pgbench script per request of the scenario (pgbench picks among them at random). */
export async function recordScenarios(root, { storeIds, itemIds, cart, searches, databaseUrl }) {
  const { Client } = require('pg');
  const client = databaseUrl ? new Client({ connectionString: databaseUrl }) : undefined;
  await client?.connect();
  try {
    return await recordWith(root, client, { storeIds, itemIds, cart, searches });
  } finally {
    await client?.end();
  }
}

/**
 * The catalog's in-memory search index as the service holds it once loaded (see search-index.ts): a snapshot of
 * the items and the stemmed form of each typed word, which the service remembers; and its copy of which stores
 * sell which item (store-items-index.ts). Neither is recorded: what a
 * search then sends per request is the page statement (and the typo correction when a word needs it).
 */
async function searchIndex(root, client) {
  if (!client) return {};
  const { SearchSnapshot, STEMS_SQL, parseStem } = dist(root, 'libs/catalog/service/src/items/search-index.js');
  const snapshot = await SearchSnapshot.load(async (sql, params) => (await client.query(sql, params)).rows, new Intl.Collator('fi-FI'));
  const stems = new Map();
  const { StoreItemsSnapshot } = dist(root, 'libs/catalog/service/src/items/store-items-index.js');
  const stock = await StoreItemsSnapshot.load(async (sql) => (await client.query(sql)).rows);
  const index = {
    snapshot: () => snapshot,
    async stemsOf(tokens) {
      const unknown = tokens.filter((token) => !stems.has(token));
      if (unknown.length > 0) (await client.query(STEMS_SQL, [unknown])).rows.forEach((row, i) => stems.set(unknown[i], parseStem(row.query)));
      return tokens.map((token) => stems.get(token));
    },
  };
  return { index, storeItems: { snapshot: () => stock } };
}

async function recordWith(root, client, { storeIds, itemIds, cart, searches }) {
  const { PriceMatrixRepository } = dist(root, 'libs/comparisons/service/src/price-matrix.repository.js');
  const { ItemRepository } = dist(root, 'libs/catalog/service/src/items/item.repository.js');
  const { ItemSearchRepository } = dist(root, 'libs/catalog/service/src/items/item-search.repository.js');
  const { toSearchTerms } = dist(root, 'libs/catalog/service/src/items/search-terms.js');
  const { index, storeItems } = await searchIndex(root, client);
  const scripts = { 'item search': [], 'item by id': [], 'store totals 30×10': [] };
  const record = async (scenario, run) => {
    const ds = recorder(client);
    await run(ds);
    scripts[scenario].push(ds.calls.map((c) => `${inline(c.sql, c.params).replace(/\s+/g, ' ').trim()};`).join('\n'));
  };
  for (const { search, storeIds: ids } of searches) {
    const terms = toSearchTerms(search);
    await index?.stemsOf(terms.tokens); // remembered by the service after a word's first search
    // The page's prices, as the service sends it: the items' own columns come from its memory (item-json.ts), read
    // once per item, which the warm-up has done for every page of these 20 terms; so does which stores sell which
    // item (store-items-index.ts), so the statement reads only the prices that exist.
    await record('item search', (ds) => new ItemSearchRepository(ds, index, storeItems).searchPrices(terms, ids, { limit: 100, offset: 0 }));
  }
  for (const id of itemIds.slice(0, 20)) await record('item by id', (ds) => new ItemRepository(ds).findByIds([id], storeIds));
  await record('store totals 30×10', (ds) =>
    new PriceMatrixRepository(ds).findCells(
      cart.map((l) => l.itemId),
      storeIds,
    ),
  );
  return scripts;
}

/**
 * Runs the scripts with pgbench: `clients` connections, `seconds` long. Returns tps and mean latency (ms).
 * `mode` 'prepared' when the service sends the scenario's statements as prepared statements (planned once per
 * connection), 'simple' when it has each one planned anew.
 */
export function pgbench(databaseUrl, scripts, { clients, seconds, mode = 'simple' }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hintakori-pgbench-'));
  const args = ['-n', '-c', String(clients), '-j', String(Math.min(clients, os.cpus().length)), '-T', String(seconds), '-M', mode];
  scripts.forEach((script, i) => {
    const file = path.join(dir, `s${i}.sql`);
    writeFileSync(file, `${script}\n`);
    args.push('-f', `${file}@1`);
  });
  const result = spawnSync('pgbench', [...args, databaseUrl], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  const tps = Number(/tps = ([\d.]+)/.exec(result.stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(result.stdout)?.[1]);
  return { tps, latency };
}
