// Shared helpers for the tools/infra scripts. Plain Node (ESM), no build step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR, ROOT, fmtMs, runningPid, terminate } from '../../runtime/lib.mjs';

export { CACHE_DIR, ROOT };
export const INFRA_DIR = path.join(ROOT, 'tools', 'infra');
export const DATA_DIR = path.join(ROOT, '.data');
export const LOCK_DIR = path.join(DATA_DIR, 'locks');
/** The file of an infra lock (tools/runtime/lib.mjs withLock): serialises e.g. parallel test runners' `start` calls. */
export const lockFile = (name) => path.join(LOCK_DIR, `${name}.lock`);

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
// `timeoutMs`: a command that has not exited by then is killed and the start fails with that reason, never a hang
// (a server that forks itself off, e.g. redis-server --daemonize, and stops before it detaches).
export function run(cmd, args, { log, quiet = false, env, cwd, allowFail = false, input, timeoutMs } = {}) {
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
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGKILL');
          }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`failed to run ${cmd}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new Error(`${cmd} ${args.join(' ')} did not exit within ${timeoutMs / 1000} s: killed`));
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

/**
 * The command line of one server's script (tools/infra/<server>.mjs): start | stop | restart | status and the
 * server's own `commands` (name → async fn(args), 0 exit). `start(args)` resolves with the line to print; `describe`
 * turns the status into its lines (exit 0 when the server runs and accepts connections, else 3).
 */
export function serverCli({ usage, start, stop, status, describe, commands = {} }) {
  cliMain(async ([cmd, ...rest]) => {
    switch (cmd) {
      case 'stop':
        await stop();
        return 0;
      case 'restart':
        await stop();
        console.log(await start(rest));
        return 0;
      case 'start':
        console.log(await start(rest));
        return 0;
      case 'status': {
        const s = await status();
        console.log(describe(s));
        return s.running && s.accepting ? 0 : 3;
      }
      default:
        if (!Object.hasOwn(commands, cmd)) {
          console.error(usage);
          return 2;
        }
        await commands[cmd](rest);
        return 0;
    }
  });
}

/**
 * Stops the server a pid file names (SIGTERM, SIGKILL after timeoutMs) and removes the pid file and `files` (left
 * by a server that is no longer running too). Resolves 'stopped' | 'killed' | 'not-running'.
 */
export async function stopByPidFile(pidFile, { files = [], timeoutMs, log }) {
  const pid = runningPid(pidFile);
  const clean = () => [pidFile, ...files].forEach((file) => fs.rmSync(file, { force: true }));
  if (!pid) {
    clean();
    log('not running');
    return 'not-running';
  }
  log(`stopping (pid ${pid})`);
  const t0 = Date.now();
  const r = await terminate(pid, { timeoutMs, log });
  clean();
  log(`${r === 'killed' ? 'killed' : 'stopped'} in ${fmtMs(Date.now() - t0)}`);
  return r;
}

/** Throws when the server already runs (pid) on another port than the one asked for (e.g. another checkout's). */
export function assertSamePort(server, script, pid, port, wanted) {
  if (port && port !== wanted) throw new Error(`${server} is already running (pid ${pid}) on port ${port}, not ${wanted}: stop it first (node tools/infra/${script}.mjs stop)`);
}
