#!/usr/bin/env node
// The API contract gate: schemathesis (PyPI, pinned, installed once into a virtualenv in the tools' cache) runs every check,
// the stateful phase included, against the standalone profile's /api/docs-json. Any failure fails the step.
//   node tools/test/api-contract.mjs                 boots its own standalone (ports below), runs, stops it
//   API_CONTRACT_BASE_URL=http://127.0.0.1:3460 …    runs against a standalone already up (rate limit off!)
//   API_CONTRACT_MAX_TIME (default 150 s)            time budget of the main run
// Admin routes run with a session created for the run (an admin `contract-run` with a random password).
// The alert management routes run with tokens of subscriptions made for the run: the standalone it boots mails
// through a Mailpit of its own (API_CONTRACT_SMTP_PORT / API_CONTRACT_MAILPIT_UI_PORT, default 1460 / 8460), the
// confirmation links are read from it, and schemathesis draws the tokens for half of the requests of those routes
// (the rest are generated as usual). Without Mailpit (or with API_CONTRACT_BASE_URL) those routes see only tokens
// that do not exist.
// Ends with node:test style `# pass N` / `# fail N` lines (N = API operations) for run-all.sh's closing total.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { confirmationToken } from '../infra/mailpit.mjs';
import { CACHE_DIR, startStandaloneOnPorts, withCacheLock } from '../runtime/lib.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (m) => console.log(`[api-contract] ${m}`);
const PORT = Number(process.env.API_CONTRACT_PORT ?? 3460);
const PG_PORT = Number(process.env.API_CONTRACT_PG_PORT ?? 54460);
const DATA_DIR = path.join(root, process.env.API_CONTRACT_DATA_DIR ?? '.data/api-contract');
const MAX_TIME = Number(process.env.API_CONTRACT_MAX_TIME ?? 150);
const SMTP_PORT = Number(process.env.API_CONTRACT_SMTP_PORT ?? 1460);
const MAILPIT_UI_PORT = Number(process.env.API_CONTRACT_MAILPIT_UI_PORT ?? 8460);
const CONFIG_FILE = path.join(root, 'tools/test/schemathesis.toml');

/** schemathesis in <cache>/schemathesis-<version> (tools/runtime/cache.mjs), installed once (a marker file says so). */
function ensureSchemathesis() {
  return withCacheLock('schemathesis', installSchemathesis);
}

function installSchemathesis() {
  const venv = path.join(CACHE_DIR, `schemathesis-${SCHEMATHESIS_VERSION}`);
  const bin = path.join(venv, 'bin', 'schemathesis');
  const marker = path.join(venv, '.installed');
  if (existsSync(marker) && existsSync(bin)) return bin;
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) throw new Error('python3 is needed for schemathesis (PyPI)');
  log(`installing schemathesis==${SCHEMATHESIS_VERSION} from PyPI into ${venv}…`);
  rmSync(venv, { recursive: true, force: true });
  for (const [command, args] of [
    [python, ['-m', 'venv', venv]],
    [path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${SCHEMATHESIS_VERSION}`]],
  ]) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  }
  writeFileSync(marker, new Date().toISOString());
  return bin;
}

/** An admin for this run (created, or its password reset) and a signed-in session's cookie value. */
async function adminSession(baseUrl) {
  const password = randomBytes(18).toString('base64url');
  const username = 'contract-run';
  const env = { ...process.env, DATA_DIR, PG_PORT: String(PG_PORT), HK_CONTRACT_ADMIN_PW: password };
  const cli = (extra) => spawnSync(process.execPath, ['dist/apps/gateway/src/create-admin.js', '--username', username, '--password-env', 'HK_CONTRACT_ADMIN_PW', ...extra], { cwd: root, env, encoding: 'utf8' });
  let result = cli([]);
  if (result.status !== 0) result = cli(['--reset-password']);
  if (result.status !== 0) throw new Error(`could not create the run's admin:\n${result.stdout}${result.stderr}`);
  const response = await fetch(`${baseUrl}/api/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  const cookie = (response.headers.getSetCookie?.() ?? []).map((c) => /^hk_admin=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!response.ok || !cookie) throw new Error(`admin sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** Mailpit for the standalone's mail, or null (with the reason logged) when it cannot start. */
async function startRunMailpit() {
  try {
    const { startMailpit } = await import('../infra/mailpit.mjs');
    return await startMailpit({ smtpPort: SMTP_PORT, uiPort: MAILPIT_UI_PORT });
  } catch (error) {
    log(`no Mailpit (${error instanceof Error ? error.message.split('\n')[0] : error}): the alert management routes get no real tokens`);
    return null;
  }
}

/**
 * Three price-alert subscriptions of an item in a store, their confirmation tokens read from Mailpit: one left for
 * schemathesis to confirm, two confirmed here for their manage tokens (one, with its watch's id, for the routes that
 * read and delete watches, one for the route that erases the address). Requests come from an address of their own
 * (the gateway trusts X-Forwarded-For from loopback), so the hourly per-client limit of the subscribe route is left
 * to schemathesis.
 */
async function alertTokens(baseUrl, mailpitUrl) {
  const client = `10.${[...randomBytes(3)].join('.')}`;
  const api = async (method, route, body) => {
    const response = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: { 'X-Forwarded-For': client, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const [store] = await api('GET', '/stores/minimal');
  let item;
  for (const category of await api('GET', '/categories')) {
    [item] = await api('GET', `/items/categories/${category.slug}?storeIds=${store.id}&limit=1`);
    if (item) break;
  }
  if (!store || !item) throw new Error('no store or item to watch');
  const run = randomUUID().slice(0, 8);
  const tokens = {};
  await Promise.all(
    ['confirmation', 'manage', 'erase'].map(async (purpose) => {
      const email = `contract-${purpose}-${run}@example.fi`;
      await api('POST', '/alerts', { email, itemId: item.id, storeIds: [store.id] });
      const token = await confirmationToken(mailpitUrl, email);
      tokens[purpose] = purpose === 'confirmation' ? token : (await api('POST', `/alerts/confirm/${token}`)).manageToken;
      if (purpose === 'manage') tokens.watch = (await api('GET', `/alerts/manage/${tokens.manage}`)).watches[0].id;
    }),
  );
  return tokens;
}

/**
 * The run's configuration: the gate's own file, with the alert tokens (when there are any) as dictionaries that
 * schemathesis draws the `token` of those routes from, half of the time.
 */
function runConfig(tokens) {
  if (!tokens) return CONFIG_FILE;
  const routes = [
    ['confirmation', 'token', ['POST /api/alerts/confirm/{token}']],
    ['manage', 'token', ['GET /api/alerts/manage/{token}', 'DELETE /api/alerts/manage/{token}/watches/{watchId}']],
    ['watch', 'watchId', ['DELETE /api/alerts/manage/{token}/watches/{watchId}']],
    // (The one-click unsubscribe answers 200 for any token, so it needs none of its own.)
    ['erase', 'token', ['DELETE /api/alerts/manage/{token}']],
  ];
  const lines = ['', '# Added by tools/test/api-contract.mjs for this run: tokens of the subscriptions it made.'];
  const bindings = new Map();
  for (const [purpose, parameter, names] of routes) {
    lines.push(`[dictionaries.alert-${purpose}]`, `values = [${JSON.stringify(tokens[purpose])}]`);
    for (const name of names) bindings.set(name, [...(bindings.get(name) ?? []), `"path.${parameter}" = { dictionary = "alert-${purpose}", probability = 0.5 }`]);
  }
  for (const [name, parameters] of bindings) lines.push('[[operations]]', `include-name = "${name}"`, `parameters = { ${parameters.join(', ')} }`);
  const file = path.join(DATA_DIR, 'schemathesis.toml');
  writeFileSync(file, `${readFileSync(CONFIG_FILE, 'utf8')}${lines.join('\n')}\n`);
  return file;
}

/** One schemathesis run, its output shown as it comes; resolves {code, operations, failed}. */
function schemathesis(bin, configFile, baseUrl, session, args) {
  const child = spawn(
    bin,
    [
      '--config-file',
      configFile,
      '--no-color',
      'run',
      `${baseUrl}/api/docs-json`,
      '--checks',
      'all',
      '--header',
      `Origin: ${baseUrl}`,
      '--seed',
      process.env.API_CONTRACT_SEED ?? '20261124',
      ...args,
    ],
    // The hooks read the site's store ids for the price reports (schemathesis_hooks.py).
    { cwd: root, env: { ...process.env, HK_ADMIN_SESSION: session, HK_CONTRACT_BASE_URL: baseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (stream) => (chunk) => {
    output += chunk;
    stream.write(chunk);
  };
  child.stdout.on('data', collect(process.stdout));
  child.stderr.on('data', collect(process.stderr));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const operations = Number(/(\d+) selected/.exec(output)?.[1] ?? /API Operations:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const failedOperations = new Set([...output.matchAll(/^_+ (\w+ \/\S+) _+$/gm)].map((m) => m[1]));
      resolve({ code: code ?? 1, operations, failed: failedOperations.size });
    });
  });
}

let server = null;
let mailpit = null;
let passed = 0;
let failed = 0;
try {
  const bin = await ensureSchemathesis();
  let baseUrl = process.env.API_CONTRACT_BASE_URL;
  if (!baseUrl) {
    mailpit = await startRunMailpit();
    // The tiny demo data set is enough to exercise every route and keeps the first boot short.
    // The price reports' hourly limit stays on with RATE_LIMIT_PER_MINUTE=0: lifted here, or the run's reports would be 429s.
    const env = { RATE_LIMIT_PER_MINUTE: '0', PRICE_REPORTS_PER_HOUR: '1000000', DEMO_FEED_SIZE: process.env.DEMO_FEED_SIZE ?? 'tiny', ...(mailpit?.smtpUrl ? { SMTP_URL: mailpit.smtpUrl } : {}) };
    mkdirSync(DATA_DIR, { recursive: true });
    server = await startStandaloneOnPorts({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR, env, nodeArgs: ['--enable-source-maps'], log });
    baseUrl = server.url;
  }
  const session = await adminSession(baseUrl);
  let tokens = null;
  if (mailpit) {
    const started = Date.now();
    tokens = await alertTokens(baseUrl, mailpit.uiUrl).catch((error) => log(`no alert tokens: ${error instanceof Error ? error.message : error}`));
    if (tokens) log(`alert tokens from three subscriptions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const configFile = runConfig(tokens);
  const { code, operations, failed: failedOps } = await schemathesis(bin, configFile, baseUrl, session, ['--max-time', String(MAX_TIME)]);
  failed = code !== 0 ? Math.max(failedOps, 1) : 0;
  passed = Math.max(operations - failed, 0);
  log(`schemathesis exited with ${code}: ${operations} operations, ${failed} failing`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed += 1;
} finally {
  if (server) await server.stop();
  if (mailpit) await mailpit.stop();
}
console.log(`# pass ${passed}`);
console.log(`# fail ${failed}`);
process.exit(failed > 0 ? 1 : 0);
