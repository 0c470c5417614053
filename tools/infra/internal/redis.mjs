// Redis for the distributed profile / integration tests (Debian `redis-server`).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DATA_DIR, assertSamePort, envInt, isRoot, lockFile, makeLogger, run, stopByPidFile, which } from './util.mjs';
import { fmtMs, portOpen, readPid, runningPid, tailFile, waitFor, withLock } from '../../runtime/lib.mjs';

export const REDIS_HOST = '127.0.0.1';
export const REDIS_PORT = envInt('REDIS_PORT', 56379);
export const REDIS_URL = `redis://${REDIS_HOST}:${REDIS_PORT}`;
export const REDIS_DATA_DIR = path.join(DATA_DIR, 'redis');
export const REDIS_PID_FILE = path.join(REDIS_DATA_DIR, 'redis.pid');
export const REDIS_LOG_FILE = path.join(REDIS_DATA_DIR, 'redis.log');
const REDIS_PORT_FILE = path.join(REDIS_DATA_DIR, 'redis.port');

/** Send one inline command and return the first reply line (e.g. "+PONG"). */
export function redisCommand(cmd, { port = REDIS_PORT, host = REDIS_HOST, timeoutMs = 2000 } = {}) {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ port, host });
    let buf = '';
    const finish = (err, v) => {
      sock.removeAllListeners();
      sock.destroy();
      if (err) reject(err);
      else resolve(v);
    };
    sock.setTimeout(timeoutMs, () => finish(new Error('timeout')));
    sock.once('error', (e) => finish(e));
    sock.once('connect', () => sock.write(`${cmd}\r\n`));
    sock.on('data', (d) => {
      buf += d.toString();
      const i = buf.indexOf('\r\n');
      if (i >= 0) finish(null, buf.slice(0, i));
    });
  });
}

async function ping() {
  return (await redisCommand('PING')) === '+PONG';
}

async function installRedis(log) {
  if (!isRoot()) {
    throw new Error("redis-server is not installed and we are not root - install it with 'sudo apt-get install -y redis-server'");
  }
  if (!which('apt-get')) throw new Error('redis-server is not installed and apt-get is not available');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a' };
  const lockOpt = ['-o', 'DPkg::Lock::Timeout=300'];
  log('redis-server not found: apt-get update');
  const t0 = Date.now();
  await run('apt-get', ['-qq', ...lockOpt, 'update'], { log, env });
  // Keep the package's init script from starting a second redis on 6379.
  const policy = '/usr/sbin/policy-rc.d';
  let createdPolicy = false;
  if (!fs.existsSync(policy)) {
    fs.writeFileSync(policy, '#!/bin/sh\n# temporary, created by tools/infra/redis.mjs\nexit 101\n', { mode: 0o755 });
    createdPolicy = true;
  }
  try {
    log('apt-get install redis-server');
    await run(
      'apt-get',
      [
        '-qq',
        '-y',
        ...lockOpt,
        '-o',
        'Dpkg::Options::=--force-confdef',
        '-o',
        'Dpkg::Options::=--force-confold',
        'install',
        '--no-install-recommends',
        'redis-server',
      ],
      { log, env, quiet: true },
    );
  } finally {
    if (createdPolicy) fs.rmSync(policy, { force: true });
  }
  log(`installed redis-server in ${fmtMs(Date.now() - t0)}`);
}

async function redisServerBin(log) {
  const override = process.env.REDIS_SERVER_BIN;
  if (override) return override;
  let bin = which('redis-server');
  if (!bin) {
    await installRedis(log);
    bin = which('redis-server');
    if (!bin) throw new Error('redis-server still not found after apt-get install');
  }
  return bin;
}

/** Port of the running redis: our port file, else its process title "redis-server 127.0.0.1:PORT". */
function runningPort(pid) {
  const fromFile = readPid(REDIS_PORT_FILE);
  if (fromFile) return fromFile;
  try {
    const m = /:(\d+)/.exec(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export async function startRedis({ log = makeLogger('redis') } = {}) {
  const t0 = Date.now();
  return withLock(
    lockFile('redis'),
    async () => {
      const pid = runningPid(REDIS_PID_FILE);
      if (pid) {
        assertSamePort('redis', 'redis', pid, runningPort(pid), REDIS_PORT);
        await waitFor(`redis PING on ${REDIS_PORT}`, ping, { timeoutMs: 15_000 });
        log(`already running (pid ${pid}): ${REDIS_URL}`);
        return { url: REDIS_URL, port: REDIS_PORT, alreadyRunning: true, ms: Date.now() - t0 };
      }
      const bin = await redisServerBin(log);
      fs.mkdirSync(REDIS_DATA_DIR, { recursive: true });
      fs.rmSync(REDIS_PID_FILE, { force: true });
      if (await portOpen(REDIS_PORT)) {
        throw new Error(`port ${REDIS_PORT} is already in use by another process (set REDIS_PORT to use another port)`);
      }
      log(`starting redis-server on ${REDIS_HOST}:${REDIS_PORT}`);
      fs.writeFileSync(REDIS_PORT_FILE, `${REDIS_PORT}\n`);
      await run(
        bin,
        [
          '--bind',
          REDIS_HOST,
          '--port',
          String(REDIS_PORT),
          '--daemonize',
          'yes',
          '--pidfile',
          REDIS_PID_FILE,
          '--logfile',
          REDIS_LOG_FILE,
          '--dir',
          REDIS_DATA_DIR,
          '--save',
          '',
          '--appendonly',
          'no',
          '--maxmemory-policy',
          'noeviction',
          '--protected-mode',
          'yes',
        ],
        // redis-server detaches at once; one that has not within 30 s (seen under libfaketime) will not.
        { log, quiet: true, cwd: REDIS_DATA_DIR, timeoutMs: 30_000 },
      );
      try {
        await waitFor(`redis PING on ${REDIS_PORT}`, ping, { timeoutMs: 30_000, intervalMs: 100 });
      } catch (e) {
        throw new Error(`${e.message}\n--- ${REDIS_LOG_FILE} (tail) ---\n${tailFile(REDIS_LOG_FILE, 20)}`);
      }
      const ms = Date.now() - t0;
      log(`ready in ${fmtMs(ms)} (pid ${readPid(REDIS_PID_FILE) ?? '?'}): ${REDIS_URL}`);
      return { url: REDIS_URL, port: REDIS_PORT, alreadyRunning: false, ms };
    },
    { log },
  );
}

export function stopRedis({ log = makeLogger('redis') } = {}) {
  return stopByPidFile(REDIS_PID_FILE, { files: [REDIS_PORT_FILE], timeoutMs: 20_000, log });
}

export async function statusRedis() {
  const pid = runningPid(REDIS_PID_FILE);
  const accepting = pid ? await ping().catch(() => false) : false;
  return {
    runningOnPort: pid ? runningPort(pid) : null,
    service: 'redis',
    installed: Boolean(process.env.REDIS_SERVER_BIN || which('redis-server')),
    running: Boolean(pid),
    pid,
    accepting,
    url: REDIS_URL,
    port: REDIS_PORT,
    dataDir: REDIS_DATA_DIR,
  };
}
