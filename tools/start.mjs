#!/usr/bin/env node
// `npm start`: installs what is missing, builds, and runs the standalone profile (one process,
// embedded PostgreSQL, in-process transport) with demo data on http://localhost:3000 (PORT overrides), and, beside
// it without holding it up, Mailpit for the price-alert e-mails when SMTP_URL is unset.
//   npm start -- --real   (or HINTAKORI_DATA=real npm start): real, openly licensed data instead of the demo data, on a
//   database of its own (.data/real), filled from OpenStreetMap and Open Prices after the site is up; OPEN_DATA_URL
//   points all three sources at one base URL (the local stand-ins of `npm run ingest:stand-ins`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useSupportedNode } from './runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  console.log('[start] installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

console.log('[start] building the services…');
run(process.execPath, ['tools/build/build-node.mjs']);

const webIndex = path.join(root, 'dist/apps/web/index.html');
if (existsSync(path.join(root, 'apps/web/vite.config.ts')) && (!existsSync(webIndex) || newestMtime(path.join(root, 'apps/web/src')) > statSync(webIndex).mtimeMs)) {
  console.log('[start] building the web app…');
  run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn']);
}

// The browser extension's zips are served at /lisaosa/hintakori-{chromium,firefox}.zip.
console.log('[start] building the browser extension…');
run(process.execPath, ['tools/build/build-extension.mjs']);
// And its development build (dist/extension-dev/), the one that also talks to this local site: load it unpacked to try
// the extension against `npm start` (the production build above trusts only hintakori.fi).
process.env.EXTENSION_DEV = '1';
run(process.execPath, ['tools/build/build-extension.mjs']);
delete process.env.EXTENSION_DEV;
// Price alerts send mail over SMTP_URL; without one, a local Mailpit (built once from the Go module proxy)
// receives every mail, readable in its web UI. The site does not wait for it: the first time Mailpit is compiled
// (a few minutes) while the site already answers, and a price-alert mail sent before it is up stays queued and is
// retried (ALERTS_JOB_ATTEMPTS with backoff, about 8 minutes in all) until it is.
let mailpit = null;
let exiting = false;
const mailEnv = {};
if (!process.env.SMTP_URL) {
  const { MAILPIT_DEFAULTS, startMailpit } = await import('./infra/mailpit.mjs');
  const { portOpen } = await import('./runtime/lib.mjs');
  if (await portOpen(MAILPIT_DEFAULTS.smtpPort)) {
    console.warn(`[start] port ${MAILPIT_DEFAULTS.smtpPort} is in use, so no Mailpit: price-alert e-mails will not be delivered until SMTP_URL points at a server (or MAILPIT_SMTP_PORT at a free port)`);
  } else {
    mailEnv.SMTP_URL = `smtp://127.0.0.1:${MAILPIT_DEFAULTS.smtpPort}`;
    startMailpit({ log: (line) => console.log(`[start] ${line}`) })
      .then(async (started) => {
        if (exiting) return started.stop();
        mailpit = started;
        console.log(`[start] price-alert e-mails go to Mailpit: open ${started.uiUrl.replace('127.0.0.1', 'localhost')} to read them`);
      })
      .catch((error) => {
        console.warn(`[start] Mailpit could not start (${error instanceof Error ? error.message : error}); price-alert e-mails will not be delivered until SMTP_URL points at a server`);
      });
  }
}

const dataEnv = process.argv.includes('--real') ? { HINTAKORI_DATA: 'real' } : {};
if (dataEnv.HINTAKORI_DATA || process.env.HINTAKORI_DATA === 'real') {
  console.log('[start] real data: stores from OpenStreetMap, prices from Open Prices, products from Open Food Facts (ODbL; page /tietoa/lahteet)');
}
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/apps/standalone/src/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, ...mailEnv, ...dataEnv, HINTAKORI_PROFILE: 'standalone' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code) => {
  exiting = true;
  await mailpit?.stop();
  process.exit(code ?? 0);
});

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
