import { MailpitClient } from '@hintakori/testing';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

/**
 * Runs one feed through the real pipeline (queue → worker → Kafka or in-process events) and waits for its end.
 * Asynchronously: a blocked event loop would miss Mailpit closing an idle keep-alive connection and reuse it.
 */
async function runFeed(priceEuros: string): Promise<void> {
  const args = ['-r', '@swc-node/register', 'tools/ingest/ingest.ts', '--source', 'csv:alerts-e2e', '--file', feed(priceEuros)];
  try {
    await promisify(execFile)(process.execPath, args, { cwd: root, env: { ...process.env, ...INGEST_ENV }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`the feed run at ${priceEuros} € failed: ${message}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

async function token(pattern: RegExp, messageId: string): Promise<string> {
  const message = await mailpit.message(messageId);
  const match = pattern.exec(message.Text);
  if (!match) throw new Error(`no link in: ${message.Text}`);
  return match[1];
}

/** The manage token in the List-Unsubscribe header of a mail, and that header's path (the one-click target). */
async function unsubscribeTarget(messageId: string): Promise<{ headers: Record<string, string[]>; path: string }> {
  const headers = await mailpit.headers(messageId);
  expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
  expect(headers['List-Unsubscribe']).toHaveLength(1);
  return { headers, path: new URL(headers['List-Unsubscribe'][0].slice(1, -1)).pathname };
}

describe('price alerts by e-mail (real Mailpit)', () => {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.fi`;
  // A second shopper who wants the price at 3,00 € or less: the mail of a later feed run to them shows that the
  // replayed run before it has been processed, so "the replay sent nothing" is not read too early.
  const sentinel = `e2e-target-${randomUUID().slice(0, 8)}@example.fi`;
  let itemId: number;
  let storeId: number;
  let manageToken: string;
  let sentinelManageToken: string;

  beforeAll(async () => {
    await runFeed('4,99');
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
    // Sent before the address is confirmed: Hintakori's own words and the link, no product or store name.
    expect(confirmation.Subject).toBe('Vahvista hintavahti Hintakorissa');
    expect((await mailpit.message(confirmation.ID)).Text).not.toContain('Hintavahtikahvi');
    const confirmToken = await token(/\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/, confirmation.ID);
    const confirmed = await api().post(`/api/alerts/confirm/${confirmToken}`).expect(200);
    expect(confirmed.body).toEqual({ manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), itemName: 'Hintavahtikahvi 500 g', watches: 1 });
    manageToken = confirmed.body.manageToken;
    await api().post(`/api/alerts/confirm/${confirmToken}`).expect(404);
    const manage = await api().get(`/api/alerts/manage/${manageToken}`).expect(200);
    expect(manage.body).toEqual({ email, watches: [expect.objectContaining({ itemId, storeId, storeName: 'Prisma Hintavahti', referencePrice: 499, targetPrice: null })] });

    await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email: sentinel, itemId, storeIds: [storeId], targetPrice: 300 }).expect(202);
    const [sentinelConfirmation] = await mailpit.waitFor(sentinel, 1, 60_000);
    const sentinelConfirmed = await api().post(`/api/alerts/confirm/${await token(/\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/, sentinelConfirmation.ID)}`).expect(200);
    sentinelManageToken = sentinelConfirmed.body.manageToken;
  });

  it('mails exactly once when a feed run lowers the price, with the prices, the link and one-click unsubscribe', async () => {
    await runFeed('3,99');
    const messages = await mailpit.waitFor(email, 2, 90_000);
    const drop = await mailpit.message(messages[1].ID);
    expect(drop.Subject).toBe('Hinta laski: Hintavahtikahvi 500 g');
    expect(drop.Text).toContain('Hintavahtikahvi 500 g – Prisma Hintavahti: 4,99 € → 3,99 €');
    expect(drop.Text).toMatch(/\/tuotteet\/hintavahtikahvi-500-g/);
    const { headers, path: unsubscribePath } = await unsubscribeTarget(messages[1].ID);
    // Each mail carries a manage token of its own (only their hashes are stored); it opens the same watches.
    expect(headers['List-Unsubscribe'][0]).toMatch(/^<https?:\/\/[^>]+\/api\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    expect((await api().get(unsubscribePath.replace('/unsubscribe/', '/manage/')).expect(200)).body.email).toBe(email);
    const manage = await api().get(`/api/alerts/manage/${manageToken}`).expect(200);
    expect(manage.body.watches[0]).toMatchObject({ referencePrice: 399, latestPrice: 399 });
    // 3,99 € is not the 3,00 € the second shopper waits for.
    expect(await mailpit.messagesTo(sentinel)).toHaveLength(1);

    // Replaying the same feed: no drop below the notified price, no mail.
    await runFeed('3,99');
    // The next run reaches the second shopper's target: once their mail is in, the replay before it has been
    // handled too. The first shopper, mailed within the last 12 hours, waits for the end of the window.
    await runFeed('2,99');
    const [, sentinelDrop] = await mailpit.waitFor(sentinel, 2, 90_000);
    expect((await mailpit.message(sentinelDrop.ID)).Text).toContain('Hintavahtikahvi 500 g – Prisma Hintavahti: 4,99 € → 2,99 €');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await mailpit.messagesTo(email)).toHaveLength(2);
    expect(await mailpit.messagesTo(sentinel)).toHaveLength(2);

    // One click: the mail client POSTs to the List-Unsubscribe URL; repeating it is harmless.
    await api().post(unsubscribePath).type('form').send('List-Unsubscribe=One-Click').expect(200, { unsubscribed: true });
    await api().get(`/api/alerts/manage/${manageToken}`).expect(404);
    await api().post(unsubscribePath).type('form').send('List-Unsubscribe=One-Click').expect(200);
    const sentinelTarget = await unsubscribeTarget(sentinelDrop.ID);
    expect(sentinelTarget.path).toMatch(/^\/api\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    await api().post(sentinelTarget.path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    await api().get(`/api/alerts/manage/${sentinelManageToken}`).expect(404);
  }, 600_000); // three feed runs through the pipeline

  it("measures a card holder's watch on the price they would pay: the member price of the card they hold", async () => {
    // A K store of the demo data and an item there whose K-Plussa price runs today (12 % of a K store's items have one).
    const minimal = (await api().get('/api/stores/minimal?skip=0').expect(200)).body as { id: number; type: string }[];
    interface Offered {
      id: number;
      storeItems: { storeId: number; price: number | null; memberPrice?: { card: string; price: number }; campaignStartsAt?: string; campaignEndsAt?: string | null }[];
    }
    const now = Date.now();
    let found: { itemId: number; storeId: number; shelf: number; member: number } | undefined;
    const candidates = minimal.filter((s) => s.type === 'K').slice(0, 3).flatMap((store) => ['maito', 'juusto', 'kahvi', 'jogurtti', 'leipä'].map((search) => ({ store, search })));
    for (const { store, search } of candidates) {
      const items = (await api().get('/api/items').query({ search, storeIds: store.id, limit: 200 }).expect(200)).body as Offered[];
      for (const item of items) {
        const offer = item.storeItems.find((s) => s.storeId === store.id);
        const running =
          offer?.memberPrice?.card === 'k-plussa' &&
          offer.price !== null &&
          offer.memberPrice.price < offer.price &&
          (offer.campaignStartsAt == null || Date.parse(offer.campaignStartsAt) < now - 86_400_000) &&
          (offer.campaignEndsAt == null || Date.parse(offer.campaignEndsAt) > now + 2 * 86_400_000);
        if (running && offer?.price != null && offer.memberPrice) {
          found = { itemId: item.id, storeId: store.id, shelf: offer.price, member: offer.memberPrice.price };
          break;
        }
      }
      if (found) break;
    }
    if (!found) throw new Error('the demo data has no running K-Plussa price in its first K stores');
    const holderClient = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const subscribeAndConfirm = async (address: string, cards?: string[]) => {
      await api().post('/api/alerts').set('X-Forwarded-For', holderClient).send({ email: address, itemId: found?.itemId, storeIds: [found?.storeId], ...(cards ? { cards } : {}) }).expect(202);
      const [mail] = await mailpit.waitFor(address, 1, 60_000);
      const confirmed = await api().post(`/api/alerts/confirm/${await token(/\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/, mail.ID)}`).expect(200);
      return (await api().get(`/api/alerts/manage/${confirmed.body.manageToken}`).expect(200)).body as { watches: { referencePrice: number; cards: string[] }[] };
    };
    const holder = await subscribeAndConfirm(`e2e-plussa-${randomUUID().slice(0, 8)}@example.fi`, ['k-plussa']);
    expect(holder.watches).toEqual([expect.objectContaining({ referencePrice: found.member, cards: ['k-plussa'] })]);
    // Another card does not lower a K store's price: the shelf price, as for a shopper without any card.
    const lidl = await subscribeAndConfirm(`e2e-lidlplus-${randomUUID().slice(0, 8)}@example.fi`, ['lidl-plus']);
    expect(lidl.watches).toEqual([expect.objectContaining({ referencePrice: found.shelf, cards: ['lidl-plus'] })]);
    const none = await subscribeAndConfirm(`e2e-nocard-${randomUUID().slice(0, 8)}@example.fi`);
    expect(none.watches).toEqual([expect.objectContaining({ referencePrice: found.shelf, cards: [] })]);

    const bad = await api().post('/api/alerts').set('X-Forwarded-For', holderClient).send({ email, itemId: found.itemId, storeIds: [found.storeId], cards: ['s-bonus'] }).expect(400);
    expect(bad.body.message).toBe('cards must be any of k-plussa, lidl-plus, s-etukortti (each once), got "s-bonus"');
  }, 240_000);

  it('refuses bad input with a clear 4xx', async () => {
    const bad = await api().post('/api/alerts').set('X-Forwarded-For', client).send({ email: 'not-an-address', itemId, storeIds: [storeId] }).expect(400);
    // The gateway's schema refuses it before the alerts service sees it (the schema states what the service accepts).
    expect(bad.body.message).toBe('email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got "not-an-address"');
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
