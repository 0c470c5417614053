#!/usr/bin/env node
// Runs the API e2e suite (apps/api-e2e) against the booted system:
//   standalone  — one process on embedded PostgreSQL (a smoke of the default profile), mail to a Mailpit of its own
// Each profile also runs the price-alert e-mail e2e (apps/api-e2e/jest.alerts.config.js) through real Mailpit.
//   distributed — `npm run stack -- --detach`: every app its own process over real Kafka, PostgreSQL, Redis
// Usage: node tools/test/e2e.mjs [standalone|distributed|both]   (default both)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStandaloneOnPorts } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const which = process.argv[2] ?? 'both';
const log = (m) => console.log(`[e2e] ${m}`);
let failed = false;

const run = (command, args, env = {}) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (run(process.execPath, ['tools/build/build-node.mjs']) !== 0) process.exit(1);

if (which === 'standalone' || which === 'both') {
  // The alerts service mails through a real Mailpit (MAILPIT_SMTP_PORT / MAILPIT_UI_PORT, default 1025 / 8025).
  const { startMailpit } = await import('../infra/mailpit.mjs');
  const mailpit = await startMailpit({ log });
  const PG_PORT = '54339';
  try {
    const standalone = await startStandaloneOnPorts({ port: 3310, pgPort: PG_PORT, dataDir: path.join(root, '.data/e2e-standalone'), env: { RATE_LIMIT_PER_MINUTE: '0', SMTP_URL: mailpit.smtpUrl }, nodeArgs: ['--enable-source-maps'], log });
    // The standalone's probe port is its METRICS_PORT (default 9460): GET /ready there is the full readiness report.
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js'], { BASE_URL: standalone.url, E2E_PROFILE: 'standalone', E2E_PROBE_URL: `http://127.0.0.1:${process.env.METRICS_PORT || 9460}/ready` }) !== 0) failed = true;
    const alertsEnv = { BASE_URL: standalone.url, E2E_PROFILE: 'standalone', MAILPIT_URL: mailpit.uiUrl, E2E_INGEST_ENV: JSON.stringify({ PG_PORT }) };
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.alerts.config.js'], alertsEnv) !== 0) failed = true;
    await standalone.stop();
  } catch (error) {
    console.error(error.message);
    failed = true;
  }
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
    // The stack's gateway keeps its default METRICS_PORT, 9464 (tools/stack.mjs).
    if (run('npx', ['jest', '-c', 'apps/api-e2e/jest.config.js'], { BASE_URL: 'http://127.0.0.1:3320', E2E_PROFILE: 'distributed', E2E_PROBE_URL: 'http://127.0.0.1:9464/ready' }) !== 0) failed = true;
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
