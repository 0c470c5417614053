// The runtime of tools/: processes (alive, started with a log file, stopped, waited for), ports, locks, polling and
// percentiles, defined once for the stack, the benchmarks, Lighthouse, chaos, the test runners and tools/infra.
// Plain ESM that loads on an old Node too (the entry scripts import it before useSupportedNode() re-runs them).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheLockFile } from './cache.mjs';

export { CACHE_DIR, cacheEntry } from './cache.mjs';

/** The repository root: every process below starts there. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function fmtMs(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The p-th percentile (0–100) of an ascending array by the nearest-rank method: the smallest value with at least
 * p % of the values at or below it (no interpolation). `empty` is what an empty array gives.
 */
export function percentile(sorted, p, empty = NaN) {
  return sorted.length === 0 ? empty : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---------------------------------------------------------------- processes

/** Whether the process runs: it exists (also when another user's: EPERM) and is not a zombie waiting to be reaped. */
export function alive(pid) {
  if (!pid || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if (e.code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
  } catch {
    // no /proc (or the process ended just now): kill(0) said it was there
  }
  return true;
}

/** The pid on the first line of a file, or null. */
export function readPid(file) {
  try {
    const n = Number.parseInt(fs.readFileSync(file, 'utf8').trim().split('\n')[0], 10);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

/** The pid a pid file names when that process runs, else null. */
export function runningPid(file) {
  const pid = readPid(file);
  return pid && alive(pid) ? pid : null;
}

/** Resolves true once the process has gone, false when it is still there after timeoutMs. */
export async function waitForExit(pid, timeoutMs, intervalMs = 200) {
  const start = Date.now();
  while (alive(pid)) {
    if (Date.now() - start > timeoutMs) return false;
    await sleep(intervalMs);
  }
  return true;
}

/**
 * Stops a process: `signal` (SIGTERM), then SIGKILL if it is still there after timeoutMs; waits until it has gone.
 * Resolves 'stopped' | 'killed' | 'not-running'; rejects when even SIGKILL leaves it running 10 s.
 * With signal SIGKILL it kills at once and waits (polling every intervalMs).
 */
export async function terminate(pid, { signal = 'SIGTERM', timeoutMs = 30_000, intervalMs = 200, log } = {}) {
  if (!alive(pid)) return 'not-running';
  try {
    process.kill(pid, signal);
  } catch {
    return 'not-running';
  }
  if (signal !== 'SIGKILL') {
    if (await waitForExit(pid, timeoutMs, intervalMs)) return 'stopped';
    log?.(`pid ${pid} did not exit within ${fmtMs(timeoutMs)}, sending SIGKILL`);
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  if (await waitForExit(pid, 10_000, intervalMs)) return 'killed';
  throw new Error(`could not stop pid ${pid}`);
}

/**
 * Stops the processes recorded in a JSON file (a list of `{ pid }`, as tools/stack.mjs writes), all at once: SIGTERM,
 * SIGKILL after timeoutMs. Then removes the file.
 */
export async function stopRecorded(file, { timeoutMs = 15_000 } = {}) {
  if (!fs.existsSync(file)) return;
  const entries = JSON.parse(fs.readFileSync(file, 'utf8'));
  // One that even SIGKILL does not end (a process stuck in the kernel) is left as it is.
  await Promise.all(entries.map((entry) => terminate(entry.pid, { timeoutMs }).catch(() => 'not-stopped')));
  fs.rmSync(file, { force: true });
}

/**
 * Starts `node <args>` in the repository root with its output (stdout and stderr) going to logFile (truncated, or
 * appended to with `append`). `detached` lets it outlive this process (and does not keep this one alive for it).
 * Returns the ChildProcess.
 */
export function spawnNode(args, { env = process.env, logFile, append = false, detached = false }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const fd = fs.openSync(logFile, append ? 'a' : 'w');
  try {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', fd, fd], detached });
    if (detached) child.unref();
    return child;
  } finally {
    fs.closeSync(fd);
  }
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/** SIGTERM to a child of this process and the wait for its exit (at once when it has already exited). */
export async function stopChild(child) {
  if (!running(child)) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Last n lines of a (possibly large) text file ('' when it cannot be read). */
export function tailFile(file, n = 40) {
  try {
    const fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const len = Math.min(size, 64 * 1024);
    const buf = Buffer.alloc(len);
    fs.readSync(fd, buf, 0, len, size - len);
    fs.closeSync(fd);
    return buf.toString().split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- waiting

/** Polls `fn` until it returns a truthy value (resolved with it) or the time runs out; an error with `fatal` stops at once. */
export async function waitFor(what, fn, { timeoutMs = 60_000, intervalMs = 250, onTick } = {}) {
  const start = Date.now();
  let lastErr;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (e) {
      lastErr = e;
      if (e && e.fatal) throw e;
    }
    if (Date.now() - start > timeoutMs) {
      throw new Error(`timed out after ${fmtMs(timeoutMs)} waiting for ${what}${lastErr ? `: ${lastErr.message}` : ''}`);
    }
    if (onTick) onTick(Date.now() - start);
    await sleep(intervalMs);
  }
}

/**
 * Polls `${url}/api/ready` once a second until it answers 200 (true), the time runs out or isAlive() says the
 * process under test has exited (false). The public /api/ready says only ready or not; with `log` and `probeUrl` (the
 * gateway's probe port, its METRICS_PORT: GET /ready there reports each dependency), each change of the dependencies'
 * states while not ready is logged ("waiting for readiness — catalog:up kafka:down …").
 */
export async function waitReady(url, timeoutMs = 240_000, isAlive = () => true, log = null, probeUrl = null) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/ready`);
      if (response.ok) return true;
      if (log) {
        const body = probeUrl ? await fetch(`${probeUrl}/ready`).then((r) => r.json(), () => ({})) : await response.json();
        const state = Object.entries(body.dependencies ?? { gateway: body.status ?? 'starting' })
          .map(([name, value]) => `${name}:${value}`)
          .join(' ');
        if (state !== last) log(`waiting for readiness — ${state}`);
        last = state;
      }
    } catch {
      // not up yet
    }
    if (!isAlive()) return false;
    await sleep(1000);
  }
  return false;
}

/**
 * The standalone profile (dist/apps/standalone, build first) on its own HTTP and PostgreSQL ports and data directory
 * (its log: <dataDir>/standalone.log), for the runners that boot one (tests, benchmarks, Lighthouse). Refuses an
 * HTTP port already in use. Resolves once /api/ready answers 200 with `{ url, logFile, child, stop() }`; when it exits
 * first or the time runs out, it is stopped and the promise rejects with the log's last lines.
 */
export async function startStandaloneOnPorts({ port, pgPort, dataDir, env = {}, nodeArgs = [], timeoutMs = 600_000, log = () => undefined }) {
  // Another server on the port would answer the readiness poll in this one's stead (and be measured or tested).
  if (await portOpen(Number(port))) throw new Error(`port ${port} is already in use: another server answers there, not this standalone`);
  const logFile = path.join(dataDir, 'standalone.log');
  const child = spawnNode([...nodeArgs, 'dist/apps/standalone/src/main.js'], {
    logFile,
    env: { ...process.env, ...env, PORT: String(port), PG_PORT: String(pgPort), DATA_DIR: dataDir },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => stopChild(child);
  const started = Date.now();
  log(`standalone starting on :${port} (log ${path.relative(ROOT, logFile)})…`);
  if (!(await waitReady(url, timeoutMs, () => running(child)))) {
    const why = running(child) ? `not ready within ${fmtMs(timeoutMs)}` : `exited (${child.exitCode ?? child.signalCode})`;
    await stop();
    throw new Error(`the standalone on :${port} ${why}; the last lines of ${path.relative(ROOT, logFile)}:\n${tailFile(logFile, 40)}`);
  }
  log(`standalone ready in ${fmtMs(Date.now() - started)}`);
  return { url, logFile, child, stop };
}

// ---------------------------------------------------------------- ports and locks

/** Is something accepting TCP connections on host:port? */
export function portOpen(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.removeAllListeners();
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

/**
 * Runs fn holding a cross-process lock: `file`, created exclusively with this pid in it. A lock whose owner has gone
 * is taken over; one without a pid yet (being written) only after 5 s.
 */
export async function withLock(file, fn, { timeoutMs = 15 * 60_000, pollMs = 300, log } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const start = Date.now();
  let announced = false;
  for (;;) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const owner = readPid(file);
      if (owner === process.pid) break; // re-entrant within the same process is not expected; be lenient
      if (owner ? !alive(owner) : lockAgeMs(file) > 5000) {
        fs.rmSync(file, { force: true });
        continue;
      }
      if (!announced && owner) {
        log?.(`waiting for another process (pid ${owner}) holding ${path.basename(file)}…`);
        announced = true;
      }
      if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for lock ${file} (held by pid ${owner ?? '?'})`);
      await sleep(pollMs);
    }
  }
  try {
    return await fn();
  } finally {
    if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
  }
}

/** withLock on cache entry `name` (tools/runtime/cache.mjs): several processes (CI steps, helpers) may fill it at once. */
export const withCacheLock = (name, fn, { log } = {}) => withLock(cacheLockFile(name), fn, { timeoutMs: 30 * 60_000, pollMs: 500, log });

function lockAgeMs(file) {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}
