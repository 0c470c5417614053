#!/usr/bin/env node
// The restore drill (in `npm test`): a standalone is filled (the demo data, a shopper's cart, a confirmed price
// alert), backed up while it runs (tools/ops/db-backup.mjs), stopped; the backup is restored into a fresh data
// directory and a second standalone boots on it without seeding anything; a fixed set of requests (the cart, its
// store totals, a product and its price history, the alert's manage page, a store) must get the same answers as
// before. Prints the backup's and the restore's times and sizes.
//   node tools/test/restore-drill.mjs     (env RESTORE_DRILL_PORT, default 3480; DEMO_FEED_SIZE, default tiny)
import { randomBytes, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, fmtMs, startStandaloneOnPorts } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode();
const { backup, restore } = await import('../ops/db-backup.mjs');

const log = (message) => console.log(`[restore-drill] ${message}`);
const PORT = Number(process.env.RESTORE_DRILL_PORT ?? 3480);
const PG_PORT = PORT + 51000; // 54480 by default
const SMTP_PORT = PORT - 2000;
const MAILPIT_UI_PORT = PORT + 5000;
const dir = path.join(ROOT, '.data/restore-drill');
const before = path.join(dir, 'before');
const after = path.join(dir, 'after');
const backupDir = path.join(dir, 'backup');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

// One client address for every request (the gateway trusts X-Forwarded-For from loopback), so the drill's alert
// subscription does not use up the limits of other runs; the owner cookie makes the cart this shopper's.
const client = `10.${[...randomBytes(3)].join('.')}`;
function session(baseUrl) {
  let cookie = '';
  return async (method, route, body) => {
    const response = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: { 'X-Forwarded-For': client, ...(cookie ? { Cookie: cookie } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.getSetCookie?.() ?? [];
    if (setCookie.length > 0) cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

async function confirmedManageToken(api, mailpitUrl, itemId, storeId) {
  const email = `restore-drill-${randomUUID().slice(0, 8)}@example.fi`;
  await api('POST', '/alerts', { email, itemId, storeIds: [storeId] });
  return (await api('POST', `/alerts/confirm/${await confirmationToken(mailpitUrl, email)}`)).manageToken;
}

/** The fixed requests whose answers must survive the restore. */
function drillRequests({ cartId, storeIds, itemId, manageToken }) {
  const stores = storeIds.join(',');
  return [
    ['GET', `/shoppingCarts/${cartId}?storeIds=${stores}`],
    ['POST', '/shoppingCartComparisons/storeTotals', { storeIds, cartId }],
    ['GET', `/items/${itemId}?storeIds=${stores}`],
    ['GET', `/items/${itemId}/history?storeIds=${stores}`],
    ['GET', `/alerts/manage/${manageToken}`],
    ['GET', `/stores/${storeIds[0]}`],
    ['GET', `/items?search=maito&storeIds=${stores}`],
  ];
}

const answers = async (api, requests) => Promise.all(requests.map(([method, route, body]) => api(method, route, body)));

const { confirmationToken, startMailpit } = await import('../infra/mailpit.mjs');
const mailpit = await startMailpit({ smtpPort: SMTP_PORT, uiPort: MAILPIT_UI_PORT, log });
const env = { RATE_LIMIT_PER_MINUTE: '0', SMTP_URL: mailpit.smtpUrl, DEMO_FEED_SIZE: process.env.DEMO_FEED_SIZE ?? 'tiny' };
let failed = false;
try {
  const first = await startStandaloneOnPorts({ port: PORT, pgPort: PG_PORT, dataDir: before, env, log });
  let facts;
  let expected;
  let made;
  try {
    const api = session(first.url);
    const storeIds = (await api('GET', '/stores/minimal?skip=0')).slice(0, 3).map((s) => s.id);
    const items = (await api('GET', `/items?search=maito&storeIds=${storeIds.join(',')}`)).slice(0, 3).map((i) => i.id);
    if (storeIds.length < 3 || items.length < 3) throw new Error(`the demo data gave ${storeIds.length} stores and ${items.length} items`);
    const cartId = (await api('PUT', `/shoppingCarts/NO_ID/items/${items[0]}`)).id;
    await api('PUT', `/shoppingCarts/${cartId}/items/${items[1]}`);
    await api('POST', `/shoppingCarts/${cartId}/items/${items[1]}/increment`);
    await api('PUT', `/shoppingCarts/${cartId}/items/${items[2]}`);
    const manageToken = await confirmedManageToken(api, mailpit.uiUrl, items[0], storeIds[0]);
    facts = { cartId, storeIds, itemId: items[0], manageToken };
    const requests = drillRequests(facts);
    expected = await answers(api, requests);
    if (expected[0].items.length !== 3 || expected[4].watches.length !== 1) throw new Error('the cart or the alert was not made');
    log(`filled: cart ${cartId} (3 lines), a confirmed alert on item ${items[0]}; ${requests.length} answers kept`);
    // Taken while the site runs: the backup API needs no pause of the site.
    made = await backup({ pgData: path.join(before, 'pg'), port: PG_PORT, out: backupDir });
  } finally {
    await first.stop();
  }
  const restored = await restore({ from: backupDir, to: path.join(after, 'pg'), verifyPort: PG_PORT });
  const second = await startStandaloneOnPorts({ port: PORT, pgPort: PG_PORT, dataDir: after, env: { ...env, SEED_DEMO_DATA: 'false' }, log });
  try {
    const got = await answers(session(second.url), drillRequests(facts));
    const requests = drillRequests(facts);
    got.forEach((answer, i) => {
      const same = isDeepStrictEqual(answer, expected[i]);
      log(`${same ? 'same' : 'DIFFERENT'}: ${requests[i][0]} /api${requests[i][1].replace(facts.manageToken, '{token}')}`);
      if (!same) {
        failed = true;
        console.error(`  before: ${JSON.stringify(expected[i]).slice(0, 600)}\n  after:  ${JSON.stringify(answer).slice(0, 600)}`);
      }
    });
  } finally {
    await second.stop();
  }
  log(`backup ${fmtMs(Math.round(made.seconds * 1000))} (base ${(made.bytes.base / 1e6).toFixed(1)} MB, WAL ${(made.bytes.wal / 1e6).toFixed(1)} MB), restore ${fmtMs(Math.round(restored.seconds * 1000))} (unpack, WAL replay, counting ${Object.keys(restored.counts).length} tables)`);
} catch (error) {
  console.error(`[restore-drill] ${error instanceof Error ? error.message : error}`);
  failed = true;
} finally {
  await mailpit.stop();
}
log(failed ? 'FAILED' : 'passed: the restored database answers as the backed-up one did');
process.exit(failed ? 1 : 0);
