#!/usr/bin/env node
// Runs the API e2e suite (apps/api-e2e) against the booted system:
//   standalone  — one process on embedded PostgreSQL (a smoke of the default profile), mail to a Mailpit of its own
// Each profile also runs the price-alert e-mail e2e (apps/api-e2e/jest.alerts.config.js) through real Mailpit.
//   distributed — `npm run stack -- --detach`: every app its own process over real Kafka, PostgreSQL, Redis
// Usage: node tools/test/e2e.mjs [standalone|distributed|both]   (default both)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitReady } from './wait-ready.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const which = process.argv[2] ?? 'both';
const log = (m) => console.log(`[e2e] ${m}`);
let failed = false;

const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run(process.execPath, ['tools/build/build-node.mjs']) !== 0) process.exit(1);

if (which === 'standalone' || which === 'both') {
  const port = 3310;
  const dataDir = path.join(root, '.data/e2e-standalone');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, 'standalone.log');
  // The alerts service mails through a real Mailpit (MAILPIT_SMTP_PORT / MAILPIT_UI_PORT, default 1025 / 8025).
  const { startMailpit } = await import('../infra/mailpit.mjs');
  const mailpit = await startMailpit({ log });
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/standalone/src/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PG_PORT: '54339', RATE_LIMIT_PER_MINUTE: '0', SMTP_URL: mailpit.smtpUrl },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  let exited = false;
  child.on('exit', () => (exited = true));
  log(`standalone starting on :${port} (log ${path.relative(root, logFile)})…`);
  if (await waitReady(`http://127.0.0.1:${port}`, 600_000, () => !exited)) {
    log(`standalone ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js'], { BASE_URL: `http://127.0.0.1:${port}`, E2E_PROFILE: 'standalone' }) !== 0) failed = true;
    const alertsEnv = { BASE_URL: `http://127.0.0.1:${port}`, E2E_PROFILE: 'standalone', MAILPIT_URL: mailpit.uiUrl, E2E_INGEST_ENV: JSON.stringify({ PG_PORT: '54339' }) };
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.alerts.config.js'], alertsEnv) !== 0) failed = true;
  } else {
    console.error(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    log('standalone did not become ready');
    failed = true;
  }
  child.kill('SIGTERM');
  await new Promise((r) => (exited ? r() : child.on('exit', r)));
  await mailpit.stop();
}

if (which === 'distributed' || which === 'both') {
  // The e2e checks answers, not fault handling (that is `npm run chaos`): on a two-core machine running every app,
  // the broker and the tests, a request/reply round trip can take seconds, which the default breaker (1 s + 0.7 s
  // probe) takes for a dead service. Here a service counts as not answering after 5 s + a 5 s probe.
  const breaker = { RPC_STALL_MS: process.env.RPC_STALL_MS ?? '5000', RPC_PROBE_TIMEOUT_MS: process.env.RPC_PROBE_TIMEOUT_MS ?? '5000' };
  if (run(process.execPath, ['tools/stack.mjs', '--detach'], { PORT: '3320', RATE_LIMIT_PER_MINUTE: '0', ...breaker }) !== 0) {
    failed = true;
  } else {
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js'], { BASE_URL: 'http://127.0.0.1:3320', E2E_PROFILE: 'distributed' }) !== 0) failed = true;
    // The stack's own Mailpit (tools/stack.mjs) receives the alerts service's mail; feed runs go through Kafka.
    const { infraEnv } = await import('../infra/lib.mjs');
    const mailpitUrl = `http://127.0.0.1:${process.env.MAILPIT_UI_PORT ?? 8025}`;
    const ingestEnv = JSON.stringify({ ...infraEnv(), HINTAKORI_PROFILE: 'distributed' });
    const alertsEnv = { BASE_URL: 'http://127.0.0.1:3320', E2E_PROFILE: 'distributed', MAILPIT_URL: mailpitUrl, E2E_INGEST_ENV: ingestEnv };
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.alerts.config.js'], alertsEnv) !== 0) failed = true;
  }
  if (process.env.E2E_KEEP_STACK !== 'true') run(process.execPath, ['tools/stack.mjs', 'down']);
}

log(failed ? 'FAILED' : 'passed');
process.exit(failed ? 1 : 0);
