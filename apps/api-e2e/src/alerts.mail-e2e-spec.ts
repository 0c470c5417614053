import { MailpitClient } from '@hintakori/testing';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from './support';

/**
 * A new user's path through price alerts on a booted system, with real mail through Mailpit: subscribe, read
 * the confirmation, confirm, a feed run lowers the price, exactly one mail with the right prices and a working
 * one-click unsubscribe; replaying the feed sends nothing; bad input gets a clear 4xx.
 */
const MAILPIT_URL = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';
const INGEST_ENV = JSON.parse(process.env.E2E_INGEST_ENV ?? '{}') as Record<string, string>;
const root = path.resolve(__dirname, '../../..');
const mailpit = new MailpitClient(MAILPIT_URL);
// Requests of this run come from their own client address (the gateway trusts X-Forwarded-For from loopback),
// so the per-client hourly limit of earlier runs against the same data does not carry over.
const client = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const EAN = '6400000424242';
const STORE = 'E2E-ALERTS-1';

function feed(priceEuros: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'alerts-e2e-'));
  const file = path.join(dir, 'feed.csv');
  writeFileSync(
    file,
    [
      'kind,storeId,chain,name,address,postalCode,city,lat,long,ean,category,priceUnit,comparisonUnit,price,comparisonPrice,campaign,observedAt',
      `store,${STORE},prisma,Prisma Hintavahti,Vahtikatu 1,00100,Helsinki,60.17,24.94,,,,,,,,`,
      `product,,,Hintavahtikahvi 500 g,,,,,,${EAN},Juomat > Kahvit,kpl,kg,,,,`,
      `price,${STORE},,,,,,,,${EAN},,,,"${priceEuros}",,false,`,
    ].join('\n') + '\n',
  );
  return file;
}

/** Runs one feed through the real pipeline (queue → worker → Kafka or in-process events) and waits for its end. */
function runFeed(priceEuros: string): void {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', 'csv:alerts-e2e', '--file', feed(priceEuros)], {
    cwd: root,
    env: { ...process.env, ...INGEST_ENV },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (result.status !== 0) throw new Error(`the feed run failed:\n${result.stdout}\n${result.stderr}`);
}

async function token(pattern: RegExp, messageId: string): Promise<string> {
  const message = await mailpit.message(messageId);
  const match = pattern.exec(message.Text);
  if (!match) throw new Error(`no link in: ${message.Text}`);
  return match[1];
}

describe('price alerts by e-mail (real Mailpit)', () => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.fi`;
  let itemId: number;
  let storeId: number;
  let manageToken: string;

  beforeAll(() => {
    runFeed('4,99');
  });

  it('finds the feed’s item and store', async () => {
    const stores = await api().get('/api/stores').query({ search: 'Prisma Hintavahti' }).expect(200);
    storeId = (stores.body as { id: number; name: string }[]).find((s) => s.name === 'Prisma Hintavahti')?.id as number;
    expect(storeId).toBeGreaterThan(0);
    const items = await api().get('/api/items').query({ search: 'Hintavahtikahvi', storeIds: storeId }).expect(200);
    const item = (items.body as { id: number; name: string; storeItems: { storeId: number; price: number | null }[] }[]).find((i) => i.name === 'Hintavahtikahvi 500 g');
    expect(item?.storeItems).toEqual([expect.objectContaining({ storeId, price: 499 })]);
    itemId = item?.id as number;
  });

  it('subscribes, sends a Finnish confirmation mail and confirms with its link', async () => {
    const response = await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email: `  ${email.toUpperCase()} `, itemId, storeIds: [storeId] }).expect(202);
    expect(response.body).toEqual({ accepted: true, message: 'If the address can receive mail, a confirmation link has been sent to it' });
    const [confirmation] = await mailpit.waitFor(email, 1, 60_000);
    expect(confirmation.Subject).toBe('Vahvista hintavahti: Hintavahtikahvi 500 g');
    const confirmToken = await token(/\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/, confirmation.ID);
    const confirmed = await api().post(`/api/alerts/confirm/${confirmToken}`).expect(200);
    expect(confirmed.body).toEqual({ manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), itemName: 'Hintavahtikahvi 500 g', watches: 1 });
    manageToken = confirmed.body.manageToken;
    await api().post(`/api/alerts/confirm/${confirmToken}`).expect(404);
    const manage = await api().get(`/api/alerts/manage/${manageToken}`).expect(200);
    expect(manage.body).toEqual({ email, watches: [expect.objectContaining({ itemId, storeId, storeName: 'Prisma Hintavahti', referencePrice: 499, targetPrice: null })] });
  });

  it('mails exactly once when a feed run lowers the price, with the prices, the link and one-click unsubscribe', async () => {
    runFeed('3,99');
    const messages = await mailpit.waitFor(email, 2, 90_000);
    const drop = await mailpit.message(messages[1].ID);
    expect(drop.Subject).toBe('Hinta laski: Hintavahtikahvi 500 g');
    expect(drop.Text).toContain('Hintavahtikahvi 500 g – Prisma Hintavahti: 4,99 € → 3,99 €');
    expect(drop.Text).toMatch(/\/tuotteet\/hintavahtikahvi-500-g/);
    const headers = await mailpit.headers(messages[1].ID);
    expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    expect(headers['List-Unsubscribe'][0]).toMatch(new RegExp(`^<https?://[^>]+/api/alerts/unsubscribe/${manageToken}>$`));
    const manage = await api().get(`/api/alerts/manage/${manageToken}`).expect(200);
    expect(manage.body.watches[0]).toMatchObject({ referencePrice: 399, latestPrice: 399 });

    // Replaying the same feed: no drop below the notified price, no mail.
    runFeed('3,99');
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await mailpit.messagesTo(email)).toHaveLength(2);

    // One click: the mail client POSTs to the List-Unsubscribe URL.
    const unsubscribePath = new URL(headers['List-Unsubscribe'][0].slice(1, -1)).pathname;
    await api().post(unsubscribePath).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await api().get(`/api/alerts/manage/${manageToken}`).expect(404);
  });

  it('refuses bad input with a clear 4xx', async () => {
    const bad = await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email: 'not-an-address', itemId, storeIds: [storeId] }).expect(400);
    expect(bad.body.message).toBe('email "not-an-address" is not an e-mail address');
    const unknownItem = await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email, itemId: 2_147_483_000, storeIds: [storeId] }).expect(404);
    expect(unknownItem.body.message).toMatch(/2147483000/);
    const unknownStore = await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email, itemId, storeIds: [2_147_483_000] }).expect(404);
    expect(unknownStore.body.message).toBe('Unknown store(s): 2147483000');
    await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email, itemId, storeIds: [storeId], extra: 1 }).expect(400);
    await api().post('/api/alerts/confirm/not-a-token').expect(400);
    // 20 requests an hour per client address: this run has made one; the 21st is refused.
    const other = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    for (let i = 0; i < 20; i++) await api().post('/api/alerts').set('X-Forwarded-For', other).send({ email: `many-${i}-${email}`, itemId, storeIds: [storeId] }).expect(202);
    const limited = await api().post('/api/alerts').set('X-Forwarded-For', other).send({ email, itemId, storeIds: [storeId] }).expect(429);
    expect(limited.body.message).toBe('Too many alert requests from this client: at most 20 an hour');
  });
});
