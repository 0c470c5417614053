#!/usr/bin/env node
// The API contract gate: schemathesis (PyPI, pinned, installed once into a virtualenv under .tools/) runs every check,
// the stateful phase included, against the standalone profile's /api/docs-json. Any failure fails the step.
//   node tools/test/api-contract.mjs                 boots its own standalone (ports below), runs, stops it
//   API_CONTRACT_BASE_URL=http://127.0.0.1:3460 …    runs against a standalone already up (rate limit off!)
//   API_CONTRACT_MAX_TIME (default 150 s)            time budget of the main run
// Admin routes run with a session created for the run (an admin `contract-run` with a random password).
// Ends with node:test style `# pass N` / `# fail N` lines (N = API operations) for run-all.sh's closing total.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStandaloneOnPorts } from '../runtime/lib.mjs';

export const SCHEMATHESIS_VERSION = '4.32.5';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (m) => console.log(`[api-contract] ${m}`);
const PORT = Number(process.env.API_CONTRACT_PORT ?? 3460);
const PG_PORT = Number(process.env.API_CONTRACT_PG_PORT ?? 54460);
const DATA_DIR = path.join(root, process.env.API_CONTRACT_DATA_DIR ?? '.data/api-contract');
const MAX_TIME = Number(process.env.API_CONTRACT_MAX_TIME ?? 150);

/** schemathesis in .tools/schemathesis-<version>, installed once (a marker file says the install finished). */
function ensureSchemathesis() {
  const venv = path.join(root, '.tools', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const bin = path.join(venv, 'bin', 'schemathesis');
  const marker = path.join(venv, '.installed');
  if (existsSync(marker) && existsSync(bin)) return bin;
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) throw new Error('python3 is needed for schemathesis (PyPI)');
  log(`installing schemathesis==${SCHEMATHESIS_VERSION} from PyPI into ${path.relative(root, venv)}…`);
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

/** One schemathesis run, its output shown as it comes; resolves {code, operations, failed}. */
function schemathesis(bin, baseUrl, session, args) {
  const child = spawn(
    bin,
    [
      '--config-file',
      path.join(root, 'tools/test/schemathesis.toml'),
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
    { cwd: root, env: { ...process.env, HK_ADMIN_SESSION: session }, stdio: ['ignore', 'pipe', 'pipe'] },
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
let passed = 0;
let failed = 0;
try {
  const bin = ensureSchemathesis();
  let baseUrl = process.env.API_CONTRACT_BASE_URL;
  if (!baseUrl) {
    // The tiny demo data set is enough to exercise every route and keeps the first boot short.
    const env = { RATE_LIMIT_PER_MINUTE: '0', DEMO_FEED_SIZE: process.env.DEMO_FEED_SIZE ?? 'tiny' };
    server = await startStandaloneOnPorts({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR, env, nodeArgs: ['--enable-source-maps'], log });
    baseUrl = server.url;
  }
  const session = await adminSession(baseUrl);
  const { code, operations, failed: failedOps } = await schemathesis(bin, baseUrl, session, ['--max-time', String(MAX_TIME)]);
  failed = code !== 0 ? Math.max(failedOps, 1) : 0;
  passed = Math.max(operations - failed, 0);
  log(`schemathesis exited with ${code}: ${operations} operations, ${failed} failing`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed += 1;
} finally {
  if (server) await server.stop();
}
console.log(`# pass ${passed}`);
console.log(`# fail ${failed}`);
process.exit(failed > 0 ? 1 : 0);
