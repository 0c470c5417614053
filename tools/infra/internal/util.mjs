// Shared helpers for the tools/infra scripts. Plain Node (ESM), no build step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Repository root: tools/infra/internal/../../.. */
export const ROOT = path.resolve(here, '..', '..', '..');
export const INFRA_DIR = path.join(ROOT, 'tools', 'infra');
export const DATA_DIR = path.join(ROOT, '.data');
export const TOOLS_DIR = path.join(ROOT, '.tools');
export const LOCK_DIR = path.join(DATA_DIR, 'locks');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function envInt(name, fallback) {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  const n = Number.parseInt(v, 10);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name}=${v} is not a valid port`);
  return n;
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** A logger that prefixes every line, e.g. "[postgres] ...". */
export function makeLogger(prefix, sink = console.log) {
  const log = (...args) => {
    const text = args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
    for (const line of text.split('\n')) sink(`[${prefix}] ${line}`);
  };
  log.prefix = prefix;
  return log;
}

export function fmtMs(ms) {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Find an executable on PATH (plus the sbin dirs that non-login root shells may lack). */
export function which(cmd) {
  const dirs = (process.env.PATH || '').split(path.delimiter).concat(['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']);
  for (const d of dirs) {
    if (!d) continue;
    const p = path.join(d, cmd);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

const stripAnsi = (t) => t.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/**
 * Run a command, streaming its output line by line through `log` (unless quiet),
 * resolving with { code, out } and rejecting on non-zero exit (with the output tail).
 */
export function run(cmd, args, { log, quiet = false, env, cwd, allowFail = false, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: cwd ?? ROOT,
      env: env ?? process.env,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let partial = { stdout: '', stderr: '' };
    const onData = (which) => (buf) => {
      const s = buf.toString();
      out += s;
      if (out.length > 200_000) out = out.slice(-100_000);
      if (quiet || !log) return;
      const text = partial[which] + s;
      const lines = text.split('\n');
      partial[which] = lines.pop();
      for (const l of lines) {
        const clean = stripAnsi(l);
        if (clean.trim()) log(`  ${clean}`);
      }
    };
    child.stdout.on('data', onData('stdout'));
    child.stderr.on('data', onData('stderr'));
    if (input !== undefined) child.stdin.end(input);
    child.on('error', (err) => reject(new Error(`failed to run ${cmd}: ${err.message}`)));
    child.on('close', (code, signal) => {
      if (!quiet && log) {
        for (const k of ['stdout', 'stderr']) {
          const clean = stripAnsi(partial[k]);
          if (clean.trim()) log(`  ${clean}`);
        }
      }
      if (code === 0 || allowFail) return resolve({ code: code ?? -1, out });
      const tail = stripAnsi(out).trim().split('\n').slice(-30).join('\n');
      reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}${tail ? `\n${tail}` : ''}`));
    });
  });
}

export function pidAlive(pid) {
  if (!pid || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if (e.code === 'EPERM') return true;
    return false;
  }
  // A zombie still "exists" for kill(0); treat it as dead.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
  } catch {
    /* no /proc: assume alive */
  }
  return true;
}

export function readPid(file) {
  try {
    const n = Number.parseInt(fs.readFileSync(file, 'utf8').trim().split('\n')[0], 10);
    return Number.isInteger(n) ? n : null;
  } catch {
    return null;
  }
}

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

/** Poll `fn` until it returns a truthy value or the deadline passes. */
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

export async function waitForExit(pid, timeoutMs) {
  const start = Date.now();
  while (pidAlive(pid)) {
    if (Date.now() - start > timeoutMs) return false;
    await sleep(200);
  }
  return true;
}

/** Send SIGTERM, wait, escalate to SIGKILL. Returns 'stopped' | 'killed' | 'not-running'. */
export async function terminate(pid, { timeoutMs = 30_000, log } = {}) {
  if (!pidAlive(pid)) return 'not-running';
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return 'not-running';
  }
  if (await waitForExit(pid, timeoutMs)) return 'stopped';
  log?.(`pid ${pid} did not exit within ${fmtMs(timeoutMs)}, sending SIGKILL`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone */
  }
  if (await waitForExit(pid, 10_000)) return 'killed';
  throw new Error(`could not stop pid ${pid}`);
}

/**
 * Cross-process lock (a file created with O_EXCL holding our pid). Stale locks
 * (owner process gone) are taken over. Serialises concurrent `start` calls from
 * e.g. parallel test runners.
 */
export async function withLock(name, fn, { timeoutMs = 15 * 60_000, log } = {}) {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  const file = path.join(LOCK_DIR, `${name}.lock`);
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
      if (!owner || !pidAlive(owner)) {
        try {
          fs.unlinkSync(file);
        } catch {
          /* someone else removed it */
        }
        continue;
      }
      if (!announced) {
        log?.(`waiting for another process (pid ${owner}) holding the ${name} lock...`);
        announced = true;
      }
      if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for lock ${file} (held by pid ${owner})`);
      await sleep(300);
    }
  }
  try {
    return await fn();
  } finally {
    try {
      if (readPid(file) === process.pid) fs.unlinkSync(file);
    } catch {
      /* ignore */
    }
  }
}

/** Last n lines of a (possibly large) text file. */
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

/** Require a package from the repo's node_modules with a clear error when missing. */
export async function importFromRepo(name) {
  try {
    const mod = await import(name);
    return mod.default ?? mod;
  } catch (e) {
    if (e && (e.code === 'ERR_MODULE_NOT_FOUND' || e.code === 'MODULE_NOT_FOUND')) {
      throw new Error(`npm package '${name}' is not installed in ${ROOT}/node_modules - run 'npm ci' first`);
    }
    throw e;
  }
}

/** Wrap a CLI main(): print errors cleanly, exit with its code (don't wait for stray handles). */
export function cliMain(fn) {
  fn(process.argv.slice(2)).then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (err) => {
      console.error(`\nERROR: ${err && err.message ? err.message : err}`);
      if (process.env.INFRA_DEBUG && err && err.stack) console.error(err.stack);
      process.exit(1);
    },
  );
}
