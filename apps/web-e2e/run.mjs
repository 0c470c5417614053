#!/usr/bin/env node
// Browser e2e of the web app (Chromium through playwright-core).
//   BASE_URL=http://localhost:3000 node apps/web-e2e/run.mjs   — against a running system
//   node apps/web-e2e/run.mjs                                   — boots the standalone profile on its own
//                                                                 port and data directory, then stops it
//   (WEB_E2E_PORT, WEB_E2E_PG_PORT and WEB_E2E_DATA_DIR choose them; defaults 3330, 54338, .data/web-e2e)
//   then, when it booted its own, the real-data suite (src/real-data.e2e.test.mjs) against a second standalone on
//   HINTAKORI_DATA=real (port 3331, PostgreSQL 54337, an empty .data/web-e2e-real) filled from the open-data stand-ins
//   (port 8391); WEB_E2E_REAL=false skips it. The hostile-names suite runs last against the first standalone (it feeds
//   strangers' names into it through npm run ingest).
//   node apps/web-e2e/run.mjs first-input first-screen   — only the suites whose file name contains one of the words
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../../tools/infra/chromium.mjs';
import { startStandaloneOnPorts } from '../../tools/runtime/lib.mjs';
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

// The gateway serves the production build's zips on /lisaosa (dist/extension); the extension suite loads the
// development build (dist/extension-dev/chromium), the only one that runs on a local site. Build both always (about a second each).
if (run(process.execPath, ['tools/build/build-extension.mjs']) !== 0) process.exit(1);
if (run(process.execPath, ['tools/build/build-extension.mjs'], { EXTENSION_DEV: '1' }) !== 0) process.exit(1);

let baseUrl = process.env.BASE_URL;
let standalone;
if (!baseUrl) {
  if (!existsSync(path.join(root, 'dist/apps/standalone/src/main.js')) && run(process.execPath, ['tools/build/build-node.mjs']) !== 0) process.exit(1);
  if (!existsSync(path.join(root, 'dist/apps/web/index.html')) && run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts']) !== 0) process.exit(1);
  try {
    standalone = await startStandaloneOnPorts({
      port: Number(process.env.WEB_E2E_PORT || 3330),
      pgPort: process.env.WEB_E2E_PG_PORT || '54338',
      dataDir: path.resolve(root, process.env.WEB_E2E_DATA_DIR || '.data/web-e2e'),
      // The suites test the first screens, not the cap on concurrent first-screen renders (4 by default, beyond which a
      // page is the plain app shell): a render still running from an earlier page must not turn a page into the shell.
      env: { RATE_LIMIT_PER_MINUTE: '0', FIRST_SCREEN_MAX_RENDERS: '32' },
      nodeArgs: ['--enable-source-maps'],
      log,
    });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  baseUrl = standalone.url;
}

log(`testing ${baseUrl}`);
const REAL_SUITE = 'apps/web-e2e/src/real-data.e2e.test.mjs';
// Feeds hostile names into the site it tests: it runs after the other suites, so theirs see the demo data only.
const HOSTILE_SUITE = 'apps/web-e2e/src/hostile-names.e2e.test.mjs';
const onlySuites = process.argv.slice(2);
const suites = readdirSync(path.join(root, 'apps/web-e2e/src'))
  .filter((file) => file.endsWith('.test.mjs'))
  .map((file) => `apps/web-e2e/src/${file}`)
  .filter((file) => file !== REAL_SUITE && file !== HOSTILE_SUITE)
  // `node apps/web-e2e/run.mjs first-input first-screen`: only the suites whose file name contains one of the words.
  .filter((file) => onlySuites.length === 0 || onlySuites.some((word) => path.basename(file).includes(word)));
// `node apps/web-e2e/run.mjs real-data` picks only the real-data suite: with no other suite chosen, `node --test` must not
// run (given no file, it would run every test file it finds in the repository).
let status = suites.length === 0 ? 0 : run(process.execPath, ['--test', '--test-concurrency=1', ...suites], { BASE_URL: baseUrl });
if (standalone && (onlySuites.length === 0 || onlySuites.some((word) => path.basename(HOSTILE_SUITE).includes(word)))) {
  const hostile = run(process.execPath, ['--test', '--test-concurrency=1', HOSTILE_SUITE], { BASE_URL: baseUrl, WEB_E2E_PG_PORT: process.env.WEB_E2E_PG_PORT || '54338' });
  status = status || hostile;
}
await standalone?.stop();
if (standalone && process.env.WEB_E2E_REAL !== 'false' && (onlySuites.length === 0 || onlySuites.some((word) => path.basename(REAL_SUITE).includes(word)))) {
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
  let result = 1;
  try {
    const real = await startStandaloneOnPorts({
      port,
      pgPort: process.env.WEB_E2E_REAL_PG_PORT || '54337',
      dataDir,
      // The chains' web shops too, as an operator enables them after an agreement (their stand-ins replay the recorded formats).
      env: { HINTAKORI_DATA: 'real', OPEN_DATA_URL: `http://127.0.0.1:${standInPort}`, INGEST_CHAIN_SOURCES: 's-kaupat,k-ruoka,lidl', RATE_LIMIT_PER_MINUTE: '0' },
      nodeArgs: ['--enable-source-maps'],
      log: (line) => log(`real-data ${line}`),
    });
    result = run(process.execPath, ['--test', '--test-concurrency=1', REAL_SUITE], { REAL_DATA_URL: real.url });
    if (result !== 0) console.error(readFileSync(real.logFile, 'utf8').split('\n').filter((line) => line.includes('real data')).join('\n'));
    await real.stop();
  } catch (error) {
    console.error(error.message);
  }
  standIns.kill('SIGTERM');
  return result;
}
