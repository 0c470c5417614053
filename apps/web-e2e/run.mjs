#!/usr/bin/env node
// Browser e2e of the web app (Chromium through playwright-core).
//   BASE_URL=http://localhost:3000 node apps/web-e2e/run.mjs   — against a running system
//   node apps/web-e2e/run.mjs                                   — boots the standalone profile on its own
//                                                                 port and data directory, then stops it
//   (WEB_E2E_PORT, WEB_E2E_PG_PORT and WEB_E2E_DATA_DIR choose them; defaults 3330, 54338, .data/web-e2e)
//   then, when it booted its own, the real-data suite (src/real-data.e2e.test.mjs) against a second standalone on
//   HINTAKORI_DATA=real (port 3331, PostgreSQL 54337, an empty .data/web-e2e-real) filled from the open-data stand-ins
//   (port 8391); WEB_E2E_REAL=false skips it.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../../tools/infra/chromium.mjs';
import { waitReady } from '../../tools/test/wait-ready.mjs';
import { useSupportedNode } from '../../tools/runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (m) => console.log(`[web-e2e] ${m}`);
const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let chromium;
try {
  chromium = ensureChromium();
} catch (error) {
  console.error(`[web-e2e] ${error.message}`);
  process.exit(1);
}
process.env.CHROMIUM_PATH = chromium;

// The extension suite loads the unpacked build, and the gateway serves its zips on /lisaosa: build it always (about a second).
if (run(process.execPath, ['tools/build/build-extension.mjs']) !== 0) process.exit(1);

let baseUrl = process.env.BASE_URL;
let child;
let exited = false;
if (!baseUrl) {
  if (!existsSync(path.join(root, 'dist/apps/standalone/src/main.js')) && run(process.execPath, ['tools/build/build-node.mjs']) !== 0) process.exit(1);
  if (!existsSync(path.join(root, 'dist/apps/web/index.html')) && run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts']) !== 0) process.exit(1);
  const port = Number(process.env.WEB_E2E_PORT || 3330);
  const dataDir = path.resolve(root, process.env.WEB_E2E_DATA_DIR || '.data/web-e2e');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'standalone.log');
  const fd = openSync(logFile, 'w');
  child = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/standalone/src/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PG_PORT: process.env.WEB_E2E_PG_PORT || '54338', RATE_LIMIT_PER_MINUTE: '0' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  child.on('exit', () => (exited = true));
  baseUrl = `http://127.0.0.1:${port}`;
  log(`standalone starting on :${port} (log ${path.relative(root, logFile)})…`);
  if (!(await waitReady(baseUrl, 600_000, () => !exited))) {
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    log('standalone did not become ready');
    child.kill('SIGTERM');
    process.exit(1);
  }
}

log(`testing ${baseUrl}`);
const REAL_SUITE = 'apps/web-e2e/src/real-data.e2e.test.mjs';
const suites = readdirSync(path.join(root, 'apps/web-e2e/src'))
  .filter((file) => file.endsWith('.test.mjs'))
  .map((file) => `apps/web-e2e/src/${file}`)
  .filter((file) => file !== REAL_SUITE);
let status = run(process.execPath, ['--test', '--test-concurrency=1', ...suites], { BASE_URL: baseUrl });
if (child && !exited) {
  child.kill('SIGTERM');
  await new Promise((r) => (exited ? r() : child.on('exit', r)));
}
if (child && process.env.WEB_E2E_REAL !== 'false') {
  const realStatus = await realDataSuite();
  status = status || realStatus;
}
log(status === 0 ? 'passed; screenshots in dist/screenshots/' : 'failed');
process.exit(status);

/** The real-data suite: the open-data stand-ins, a standalone on HINTAKORI_DATA=real filling itself from them, the browser. */
async function realDataSuite() {
  const standInPort = Number(process.env.WEB_E2E_STAND_IN_PORT || 8391);
  const port = Number(process.env.WEB_E2E_REAL_PORT || 3331);
  const dataDir = path.resolve(root, '.data/web-e2e-real');
  rmSync(dataDir, { recursive: true, force: true }); // an empty database, filled only from the sources
  mkdirSync(dataDir, { recursive: true });
  const standIns = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/stand-ins.ts'], {
    cwd: root,
    env: { ...process.env, STAND_IN_PORT: String(standInPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const listening = await new Promise((resolve) => {
    standIns.stdout.on('data', (chunk) => chunk.toString().includes('open-data stand-ins on') && resolve(true));
    standIns.on('exit', () => resolve(false));
  });
  if (!listening) {
    log('the open-data stand-ins did not start');
    return 1;
  }
  const logFile = path.join(dataDir, 'standalone.log');
  const fd = openSync(logFile, 'w');
  const real = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/standalone/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      HINTAKORI_DATA: 'real',
      OPEN_DATA_URL: `http://127.0.0.1:${standInPort}`,
      PORT: String(port),
      DATA_DIR: dataDir,
      PG_PORT: process.env.WEB_E2E_REAL_PG_PORT || '54337',
      RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let realExited = false;
  real.on('exit', () => (realExited = true));
  const url = `http://127.0.0.1:${port}`;
  log(`real-data standalone starting on :${port} (log ${path.relative(root, logFile)})…`);
  let result = 1;
  if (await waitReady(url, 600_000, () => !realExited)) {
    result = run(process.execPath, ['--test', '--test-concurrency=1', REAL_SUITE], { REAL_DATA_URL: url });
  } else {
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    log('the real-data standalone did not become ready');
  }
  if (result !== 0) console.error(readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('real data')).join('\n'));
  if (!realExited) {
    real.kill('SIGTERM');
    await new Promise((r) => (realExited ? r() : real.on('exit', r)));
  }
  standIns.kill('SIGTERM');
  return result;
}
