// Chromium with the development build of the extension, and a stand-in shop served over local HTTPS under the shop's
// own host name (shared by the extension suites). Chromium's --host-resolver-rules points the host at the local
// server; the certificate is self-signed (openssl) and accepted with --ignore-certificate-errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { HELSINKI } from './browser.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EXTENSION = path.join(ROOT, 'dist/extension-dev/chromium');

/** A self-signed certificate for `host` (openssl, present on Debian and in CI images). */
export function selfSignedCert(dir, host) {
  const key = path.join(dir, `${host}.key`);
  const cert = path.join(dir, `${host}.crt`);
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`, '-keyout', key, '-out', cert], { stdio: 'pipe' });
  assert.equal(r.status, 0, `openssl failed: ${r.stderr}`);
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** An HTTPS server for `host` on `port` (0: any free port) answering with `handler`. */
export async function startShop(dir, host, port, handler) {
  const server = https.createServer(selfSignedCert(dir, host), handler);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/** Chromium (new headless mode) with the development build loaded, `host` resolved to the local shop on `shopPort`. */
export async function launchWithExtension(profileDir, host, shopPort, { width = 1280 } = {}) {
  assert.ok(fs.existsSync(path.join(EXTENSION, 'manifest.json')), 'build the development extension first: EXTENSION_DEV=1 node tools/build/build-extension.mjs');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true, // Chromium's new headless mode, which runs extensions
    ignoreHTTPSErrors: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      `--disable-extensions-except=${EXTENSION}`,
      `--load-extension=${EXTENSION}`,
      `--host-resolver-rules=MAP ${host} 127.0.0.1:${shopPort}`,
      '--ignore-certificate-errors',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-sync',
      '--no-first-run',
    ],
    viewport: { width, height: width < 600 ? 844 : 900 },
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    geolocation: HELSINKI,
    permissions: ['geolocation'],
  });
  context.setDefaultTimeout(60_000);
  return context;
}

/** The extension's background worker (its URL names the extension id). */
export async function extensionWorker(context) {
  return context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker'));
}
