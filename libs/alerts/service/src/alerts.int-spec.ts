import { ALERT_LIMITS, AlertsPatterns, ConfirmResult, ManageDto, SubscribeRequest } from '@hintakori/alerts-contracts';
import { IngestTopics, PriceObservedEvent, RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { createTestDatabase, startTestMailpit, startTestService, testConfig, TestDatabase, TestMailpit, TestService } from '@hintakori/testing';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { DataSource } from 'typeorm';
import { ALERTS_CONFIG_SECTIONS, type AlertsConfig } from './alerts-config';
import { AlertsModule } from './alerts.module';
import { ALERT_MESSAGES } from './alerts.service';
import { InitAlertsSchema1764100000000 } from './database/migrations/1764100000000-init-alerts-schema';
import { HashManageTokens1796100000000 } from './database/migrations/1796100000000-hash-manage-tokens';
import { MailJobs } from './notifier';
import { hashToken } from './secret-tokens';
import { ALERTS_CONFIG } from './tokens';

/**
 * The alerts service on real PostgreSQL (its BullMQ queue on the PostgreSQL backend, as in the standalone
 * profile) sending through a real Mailpit: double opt-in, drops, the 12-hour window, idempotency, limits.
 */
describe('alerts service (real PostgreSQL, real SMTP through Mailpit)', () => {
  let db: TestDatabase;
  let mailpit: TestMailpit;
  let service: TestService;
  let dataSource: DataSource;
  let jobs: MailJobs;
  let itemSeq = 1000;

  beforeAll(async () => {
    [db, mailpit] = await Promise.all([createTestDatabase(), startTestMailpit()]);
    service = await startTestService(
      AlertsModule.forRoot(testConfig(db.url, {}, ALERTS_CONFIG_SECTIONS), { smtpUrl: mailpit.smtpUrl, publicUrl: 'https://hintakori.test', notifyDelayMs: 0, backoffMs: 100, queuePrefix: 'alerts_test' }),
    );
    dataSource = service.app.get(DataSource);
    jobs = service.app.get(MailJobs);
  }, 20 * 60_000);

  afterAll(async () => {
    await service?.close();
    await mailpit?.stop();
    await db?.drop();
  });

  const send = <T>(pattern: string, data: unknown) => firstValueFrom(service.client.send<T>(pattern, data));
  const emit = (topic: string, data: unknown) => lastValueFrom(service.client.emit(topic, data), { defaultValue: undefined });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: { statusCode: number; message: string }) => ({ statusCode: error.statusCode, message: error.message }),
    );
  const address = () => `shopper-${randomUUID().slice(0, 8)}@example.fi`;
  const clientAddress = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  function request(email: string, overrides: Partial<SubscribeRequest> = {}): SubscribeRequest {
    const itemId = overrides.itemId ?? itemSeq++;
    return {
      email,
      itemId,
      itemName: `Kahvi ${itemId}`,
      itemSlug: `kahvi-${itemId}`,
      stores: [
        { storeId: 1, storeName: 'Prisma Kamppi', price: 300 },
        { storeId: 2, storeName: 'K-Citymarket Ruoholahti', price: 320 },
      ],
      targetPrice: null,
      clientAddress: clientAddress(),
      ...overrides,
    };
  }

  /** Subscribes, reads the confirmation mail in Mailpit and confirms with the token of its link. */
  async function subscribeAndConfirm(email: string, overrides: Partial<SubscribeRequest> = {}): Promise<{ confirm: ConfirmResult; itemId: number }> {
    const before = (await mailpit.client.messagesTo(email)).length;
    const req = request(email, overrides);
    await send(AlertsPatterns.Subscribe, req);
    const messages = await mailpit.client.waitFor(email, before + 1);
    const mail = await mailpit.client.message(messages[messages.length - 1].ID);
    const token = /\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/.exec(mail.Text)?.[1];
    expect(token).toBeDefined();
    return { confirm: await send<ConfirmResult>(AlertsPatterns.Confirm, { token }), itemId: req.itemId };
  }

  const price = (itemId: number, storeId: number, cents: number, observedAt = new Date().toISOString()): PriceObservedEvent => ({
    itemId,
    storeId,
    price: cents,
    comparisonPrice: null,
    priceUnit: 'kpl',
    comparisonPriceUnit: 'kg',
    isCampaign: false,
    observedAt,
    source: 'test',
  });
  const completeRun = async (runId = randomUUID()) => {
    const event: RunCompletedEvent = { runId, source: 'test', pricesPublished: 1, completedAt: new Date().toISOString() };
    await emit(IngestTopics.RunCompleted, event);
    return runId;
  };
  async function subscriberId(email: string): Promise<number> {
    const [row] = await dataSource.query('SELECT id FROM alerts.subscribers WHERE email = $1', [email]);
    return Number(row.id);
  }
  /** Waits for the notification job of (address, run) to finish and answers its outcome. */
  async function outcome(email: string, runId: string): Promise<string> {
    const id = await subscriberId(email);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await dataSource.query('SELECT status FROM alerts.notifications WHERE subscriber_id = $1 AND run_id = $2', [id, runId]);
      if (row && row.status !== 'sending') return row.status;
      if (Date.now() > deadline) throw new Error(`the notification of run ${runId} did not finish (status ${row?.status ?? 'none'})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('subscribing (double opt-in)', () => {
    it('sends a Finnish confirmation mail with a single-use link, and nothing else before it is confirmed', async () => {
      const email = address();
      const req = request(email);
      expect(await send(AlertsPatterns.Subscribe, req)).toEqual({ accepted: true });
      const [summary] = await mailpit.client.waitFor(email, 1);
      const mail = await mailpit.client.message(summary.ID);
      expect(mail.Subject).toBe('Vahvista hintavahti Hintakorissa');
      expect(mail.Text).toContain('48 tunnin');
      expect(mail.HTML).toContain('Vahvista hintavahti');
      const token = /https:\/\/hintakori\.test\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/.exec(mail.Text)?.[1] as string;
      expect(token).toBeDefined();

      // A drop before confirmation sends nothing.
      await emit(IngestTopics.PricesObserved, [price(req.itemId, 1, 200)]);
      const runId = await completeRun();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE run_id = $1', [runId])).toHaveLength(0);
      expect(await mailpit.client.messagesTo(email)).toHaveLength(1);

      const confirmed = await send<ConfirmResult>(AlertsPatterns.Confirm, { token });
      expect(confirmed).toEqual({ manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), itemName: req.itemName, watches: 2 });
      expect(await failure(send(AlertsPatterns.Confirm, { token }))).toEqual({ statusCode: 404, message: ALERT_MESSAGES.unknownConfirmation });
      const manage = await send<ManageDto>(AlertsPatterns.Manage, { token: confirmed.manageToken });
      expect(manage.email).toBe(email);
      expect(manage.watches.map((w) => [w.storeName, w.referencePrice, w.targetPrice])).toEqual([
        ['K-Citymarket Ruoholahti', 320, null],
        ['Prisma Kamppi', 300, null],
      ]);
    });

    it('refuses an expired confirmation link with 410', async () => {
      const email = address();
      await send(AlertsPatterns.Subscribe, request(email));
      const [summary] = await mailpit.client.waitFor(email, 1);
      const token = /\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/.exec((await mailpit.client.message(summary.ID)).Text)?.[1];
      await dataSource.query(`UPDATE alerts.confirmations c SET expires_at = now() - interval '1 minute' FROM alerts.subscribers s WHERE s.id = c.subscriber_id AND s.email = $1`, [email]);
      expect(await failure(send(AlertsPatterns.Confirm, { token }))).toEqual({ statusCode: 410, message: ALERT_MESSAGES.expiredConfirmation });
    });

    it('normalises addresses: differently written, one subscriber', async () => {
      const local = `Matti.${randomUUID().slice(0, 6)}`;
      await send(AlertsPatterns.Subscribe, request(`  ${local}@Esimerkki.FI `));
      await send(AlertsPatterns.Subscribe, request(`${local.toLowerCase()}@esimerkki.fi`));
      const rows = await dataSource.query('SELECT email FROM alerts.subscribers WHERE email LIKE $1', [`${local.toLowerCase()}@%`]);
      expect(rows).toEqual([{ email: `${local.toLowerCase()}@esimerkki.fi` }]);
      await mailpit.client.waitFor(`${local.toLowerCase()}@esimerkki.fi`, 2);
    });

    it.each([
      ['no address', '', 'email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got ""'],
      ['no @', 'matti.example.fi', 'email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got "matti.example.fi"'],
      ['no domain dot', 'matti@localhost', 'email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got "matti@localhost"'],
      ['spaces', 'mat ti@example.fi', 'email must be an e-mail address such as matti@example.fi (at most 64 characters before the @), got "mat ti@example.fi"'],
    ])('refuses a malformed address (%s) with 400', async (_label, email, message) => {
      expect(await failure(send(AlertsPatterns.Subscribe, request(email)))).toEqual({ statusCode: 400, message });
    });

    it(`keeps at most ${ALERT_LIMITS.pendingPerAddress} pending confirmations per address, answering the same either way`, async () => {
      const email = address();
      for (let i = 0; i < ALERT_LIMITS.pendingPerAddress + 2; i++) expect(await send(AlertsPatterns.Subscribe, request(email))).toEqual({ accepted: true });
      const [{ count }] = await dataSource.query(
        'SELECT count(*)::int AS count FROM alerts.confirmations c JOIN alerts.subscribers s ON s.id = c.subscriber_id WHERE s.email = $1',
        [email],
      );
      expect(count).toBe(ALERT_LIMITS.pendingPerAddress);
      await mailpit.client.waitFor(email, ALERT_LIMITS.pendingPerAddress);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailpit.client.messagesTo(email)).toHaveLength(ALERT_LIMITS.pendingPerAddress);
    });

    it(`answers 429 after ${ALERT_LIMITS.requestsPerClientPerHour} requests from one client address in an hour`, async () => {
      const client = clientAddress() + '-busy';
      for (let i = 0; i < ALERT_LIMITS.requestsPerClientPerHour; i++) await send(AlertsPatterns.Subscribe, request(address(), { clientAddress: client }));
      expect(await failure(send(AlertsPatterns.Subscribe, request(address(), { clientAddress: client })))).toEqual({ statusCode: 429, message: ALERT_MESSAGES.tooManyFromClient });
    });

    it(`refuses a confirmation beyond ${ALERT_LIMITS.itemsPerAddress} products per address with 409`, async () => {
      const email = address();
      const { confirm } = await subscribeAndConfirm(email);
      const id = await subscriberId(email);
      await dataSource.query(
        `INSERT INTO alerts.watches (subscriber_id, item_id, store_id, item_name, item_slug, store_name) SELECT $1, 500000 + n, 1, 'x', 'x', 'x' FROM generate_series(1, $2) n`,
        [id, ALERT_LIMITS.itemsPerAddress - 1],
      );
      await send(AlertsPatterns.Subscribe, request(email));
      const messages = await mailpit.client.waitFor(email, 2);
      const token = /\/hintavahti\/vahvista\/([A-Za-z0-9_-]{43})/.exec((await mailpit.client.message(messages[1].ID)).Text)?.[1];
      expect(await failure(send(AlertsPatterns.Confirm, { token }))).toEqual({ statusCode: 409, message: ALERT_MESSAGES.listFull });
      expect((await send<ManageDto>(AlertsPatterns.Manage, { token: confirm.manageToken })).watches).toHaveLength(ALERT_LIMITS.itemsPerAddress + 1);
    });
  });

  describe('price drops', () => {
    it('sends one mail per address per run listing every drop, with one-click unsubscribe headers; a replay sends nothing', async () => {
      const email = address();
      const first = await subscribeAndConfirm(email);
      const second = await subscribeAndConfirm(email);
      await emit(IngestTopics.PricesObserved, [price(first.itemId, 1, 249), price(first.itemId, 2, 320), price(second.itemId, 2, 299), price(999999, 1, 1)]);
      const runId = await completeRun();
      expect(await outcome(email, runId)).toBe('sent');
      const messages = await mailpit.client.waitFor(email, 3);
      expect(messages).toHaveLength(3);
      const mail = await mailpit.client.message(messages[2].ID);
      expect(mail.Subject).toBe('Hinnat laskivat: 2 seuraamaasi tuotetta');
      expect(mail.Text).toContain(`Kahvi ${first.itemId} – Prisma Kamppi: 3,00 € → 2,49 €`);
      expect(mail.Text).toContain(`https://hintakori.test/tuotteet/kahvi-${first.itemId}`);
      expect(mail.Text).toContain(`Kahvi ${second.itemId} – K-Citymarket Ruoholahti: 3,20 € → 2,99 €`);
      expect(mail.Text).not.toContain(`Kahvi ${first.itemId} – K-Citymarket`);
      const headers = await mailpit.client.headers(messages[2].ID);
      expect(headers['List-Unsubscribe']).toEqual([expect.stringMatching(/^<https:\/\/hintakori\.test\/api\/alerts\/unsubscribe\/[A-Za-z0-9_-]{43}>$/)]);
      expect(headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
      // The mail's own manage token opens the same watches as the one the confirmation gave.
      const mailToken = /unsubscribe\/([A-Za-z0-9_-]{43})>$/.exec(headers['List-Unsubscribe'][0])?.[1] as string;
      expect(mail.Text).toContain(`https://hintakori.test/hintavahti/${mailToken}?lopeta=1`);
      expect((await send<ManageDto>(AlertsPatterns.Manage, { token: mailToken })).email).toBe(email);

      // The same run again (Kafka redelivery) and the job itself again: nothing more.
      await completeRun(runId);
      expect(await jobs.notification({ kind: 'notification', subscriberId: await subscriberId(email), runId })).toBe('already-sent');
      // A new run with the same prices: no drop below the last notified price.
      await emit(IngestTopics.PricesObserved, [price(first.itemId, 1, 249)]);
      const replay = await completeRun();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE run_id = $1', [replay])).toHaveLength(0);
      expect(await mailpit.client.messagesTo(email)).toHaveLength(3);
      const manage = await send<ManageDto>(AlertsPatterns.Manage, { token: first.confirm.manageToken });
      expect(manage.watches.find((w) => w.itemId === first.itemId && w.storeId === 1)?.referencePrice).toBe(249);
    });

    it('sends at most one mail per 12 hours; later drops wait for the end of the window and go in one mail', async () => {
      const email = address();
      const { itemId } = await subscribeAndConfirm(email);
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 280)]);
      const run1 = await completeRun();
      expect(await outcome(email, run1)).toBe('sent');
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 260)]);
      const run2 = await completeRun();
      expect(await outcome(email, run2)).toBe('deferred');
      await emit(IngestTopics.PricesObserved, [price(itemId, 2, 310)]);
      const run3 = await completeRun();
      expect(await outcome(email, run3)).toBe('deferred');
      expect(await mailpit.client.messagesTo(email)).toHaveLength(2);

      // The window ends: the delayed job sends both later drops in one mail.
      const id = await subscriberId(email);
      await dataSource.query(`UPDATE alerts.subscribers SET last_sent_at = now() - interval '13 hours' WHERE id = $1`, [id]);
      expect(await jobs.notification({ kind: 'notification', subscriberId: id, runId: 'after-window-test' })).toBe('sent');
      const messages = await mailpit.client.waitFor(email, 3);
      const mail = await mailpit.client.message(messages[2].ID);
      expect(mail.Text).toContain(`Kahvi ${itemId} – Prisma Kamppi: 2,80 € → 2,60 €`);
      expect(mail.Text).toContain(`Kahvi ${itemId} – K-Citymarket Ruoholahti: 3,20 € → 3,10 €`);
    });

    it('a target watch mails only when the price reaches the target', async () => {
      const email = address();
      const { itemId } = await subscribeAndConfirm(email, { targetPrice: 200, stores: [{ storeId: 1, storeName: 'Lidl Itäkeskus', price: 300 }] });
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 250)]);
      const run1 = await completeRun();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE run_id = $1', [run1])).toHaveLength(0);
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 199)]);
      const run2 = await completeRun();
      expect(await outcome(email, run2)).toBe('sent');
      const messages = await mailpit.client.waitFor(email, 2);
      expect((await mailpit.client.message(messages[1].ID)).Text).toContain(`Kahvi ${itemId} – Lidl Itäkeskus: 3,00 € → 1,99 €`);
    });

    it('an older observation arriving late does not replace a newer price', async () => {
      const email = address();
      const { itemId } = await subscribeAndConfirm(email);
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 310, '2026-01-02T10:00:00Z')]);
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 150, '2026-01-01T10:00:00Z')]);
      const runId = await completeRun();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE run_id = $1', [runId])).toHaveLength(0);
    });
  });

  describe('the price the subscriber would pay (issue 36)', () => {
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();

    it("fires a K-Plussa holder's alert on the member price, and not the alert of a subscriber without the card", async () => {
      const holder = address();
      const other = address();
      const store = [{ storeId: 3, storeName: 'K-Supermarket Kamppi', price: 300 }];
      const { itemId } = await subscribeAndConfirm(holder, { stores: store, cards: ['k-plussa', 's-etukortti'] });
      await subscribeAndConfirm(other, { itemId, stores: store });
      await subscribeAndConfirm(address(), { itemId, stores: store, cards: ['lidl-plus'] });
      const [{ cards }] = await dataSource.query('SELECT w.cards FROM alerts.watches w JOIN alerts.subscribers s ON s.id = w.subscriber_id WHERE s.email = $1', [holder]);
      expect(cards).toEqual(['k-plussa', 's-etukortti']);
      await emit(IngestTopics.PricesObserved, [{ ...price(itemId, 3, 300), memberPrice: { card: 'k-plussa', price: 249 }, campaignEndsAt: inDays(3) }]);
      const runId = await completeRun();
      expect(await outcome(holder, runId)).toBe('sent');
      const messages = await mailpit.client.waitFor(holder, 2);
      expect((await mailpit.client.message(messages[1].ID)).Text).toContain(`Kahvi ${itemId} – K-Supermarket Kamppi: 3,00 € → 2,49 €`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE subscriber_id = $1 AND run_id = $2', [await subscriberId(other), runId])).toHaveLength(0);
      const prices = await dataSource.query('SELECT latest_price AS price, cards FROM alerts.watches WHERE item_id = $1 ORDER BY id', [itemId]);
      expect(prices.map((row: { price: number }) => row.price)).toEqual([249, 300, 300]);
      // The subscriber without the card gets one: their watch now counts the member price.
      await subscribeAndConfirm(other, { itemId, stores: store, cards: ['k-plussa'] });
      const [{ price: now }] = await dataSource.query('SELECT w.latest_price AS price FROM alerts.watches w JOIN alerts.subscribers s ON s.id = w.subscriber_id WHERE s.email = $1', [other]);
      expect(now).toBe(249);
    });

    it('counts the regular price once a campaign has ended, worked out again when a run completes', async () => {
      const holder = address();
      const store = [{ storeId: 4, storeName: 'K-Market Töölö', price: 300 }];
      const { itemId } = await subscribeAndConfirm(holder, { stores: store, cards: ['k-plussa'] });
      await emit(IngestTopics.PricesObserved, [{ ...price(itemId, 4, 300), memberPrice: { card: 'k-plussa', price: 249 }, campaignEndsAt: inDays(3) }]);
      // The campaign's end passes (the stored terms say it ended two days ago).
      await dataSource.query(`UPDATE alerts.watches SET latest_terms = jsonb_set(latest_terms, '{campaignEndsAt}', to_jsonb($2::text)) WHERE item_id = $1`, [itemId, inDays(-2)]);
      const runId = await completeRun();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await dataSource.query('SELECT latest_price AS price FROM alerts.watches WHERE item_id = $1', [itemId])).toEqual([{ price: 300 }]);
      expect(await dataSource.query('SELECT 1 FROM alerts.notifications WHERE subscriber_id = $1 AND run_id = $2', [await subscriberId(holder), runId])).toHaveLength(0);
    });
  });

  describe('managing and erasing', () => {
    it('deletes one watch, then everything; the manage link stops working and nothing is left', async () => {
      const email = address();
      const { confirm } = await subscribeAndConfirm(email);
      const manage = await send<ManageDto>(AlertsPatterns.Manage, { token: confirm.manageToken });
      await send(AlertsPatterns.DeleteWatch, { token: confirm.manageToken, watchId: manage.watches[0].id });
      expect((await send<ManageDto>(AlertsPatterns.Manage, { token: confirm.manageToken })).watches.map((w) => w.id)).toEqual([manage.watches[1].id]);
      expect(await failure(send(AlertsPatterns.DeleteWatch, { token: confirm.manageToken, watchId: manage.watches[0].id }))).toEqual({ statusCode: 404, message: ALERT_MESSAGES.unknownWatch });
      expect(await send(AlertsPatterns.Erase, { token: confirm.manageToken })).toEqual({ erased: true });
      expect(await send(AlertsPatterns.Erase, { token: confirm.manageToken })).toEqual({ erased: false });
      expect(await failure(send(AlertsPatterns.Manage, { token: confirm.manageToken }))).toEqual({ statusCode: 404, message: ALERT_MESSAGES.unknownManageToken });
      expect(await dataSource.query('SELECT 1 FROM alerts.subscribers WHERE email = $1', [email])).toHaveLength(0);
    });

    it('refuses a malformed token with 400', async () => {
      expect(await failure(send(AlertsPatterns.Manage, { token: 'short' }))).toEqual({ statusCode: 400, message: 'token must be the 43-character token from the e-mail link, got "short"' });
    });
  });
  describe('safe when strangers write the names (issue 34)', () => {
    const HOSTILE_ITEM = '<img src=x onerror=alert(1)> Kahvi </script><script>alert(1)</script>';
    const HOSTILE_STORE = 'Prisma <b>Kamppi</b> =HYPERLINK("https://x/")';

    it('the confirmation mail carries no product or store name, only Hintakori\'s own words and the link', async () => {
      const email = address();
      await send(AlertsPatterns.Subscribe, request(email, { itemName: HOSTILE_ITEM, stores: [{ storeId: 1, storeName: HOSTILE_STORE, price: 300 }] }));
      const [summary] = await mailpit.client.waitFor(email, 1);
      const mail = await mailpit.client.message(summary.ID);
      expect(mail.Subject).toBe('Vahvista hintavahti Hintakorissa');
      for (const part of [mail.Subject, mail.Text, mail.HTML]) {
        for (const word of ['Kahvi', 'onerror', 'script', 'Prisma', 'Kamppi', 'HYPERLINK', 'alert(']) expect(part).not.toContain(word);
      }
      expect(mail.Text).toMatch(/https:\/\/hintakori\.test\/hintavahti\/vahvista\/[A-Za-z0-9_-]{43}/);
    });

    it('counts an IPv6 client by its /64: rotating addresses within it does not pass the hourly limit', async () => {
      const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
      for (let i = 1; i <= ALERT_LIMITS.requestsPerClientPerHour; i++) await send(AlertsPatterns.Subscribe, request(address(), { clientAddress: `${prefix}::${i.toString(16)}` }));
      expect(await failure(send(AlertsPatterns.Subscribe, request(address(), { clientAddress: `${prefix}:ffff:1234:5678:9abc` })))).toEqual({
        statusCode: 429,
        message: ALERT_MESSAGES.tooManyFromClient,
      });
      // Another /64 is another client.
      expect(await send(AlertsPatterns.Subscribe, request(address(), { clientAddress: `2001:db8:ffff:ffff::1` }))).toEqual({ accepted: true });
    });

    it('sends no more confirmation mails than the hourly budget: beyond it the answer is the same and nothing is queued, with a warning', async () => {
      const config = service.app.get<AlertsConfig>(ALERTS_CONFIG);
      const budget = config.confirmationMailsPerHour;
      const warn = jest.spyOn(Logger.prototype, 'warn');
      try {
        const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM alerts.confirmations WHERE created_at > now() - interval '1 hour'`);
        config.confirmationMailsPerHour = count + 1;
        const [within, over] = [address(), address()];
        expect(await send(AlertsPatterns.Subscribe, request(within))).toEqual({ accepted: true });
        expect(await send(AlertsPatterns.Subscribe, request(over))).toEqual({ accepted: true });
        const pending = (email: string) =>
          dataSource.query('SELECT c.id FROM alerts.confirmations c JOIN alerts.subscribers s ON s.id = c.subscriber_id WHERE s.email = $1', [email]);
        expect(await pending(within)).toHaveLength(1);
        expect(await pending(over)).toHaveLength(0);
        await mailpit.client.waitFor(within, 1);
        expect(warn.mock.calls.map(([message]) => String(message))).toContainEqual(expect.stringContaining('ALERTS_CONFIRMATION_MAILS_PER_HOUR'));
      } finally {
        config.confirmationMailsPerHour = budget;
        warn.mockRestore();
      }
    });

    it('a price-drop mail names the products as plain text and escaped in HTML', async () => {
      const email = address();
      const { itemId } = await subscribeAndConfirm(email, { itemName: HOSTILE_ITEM, stores: [{ storeId: 1, storeName: HOSTILE_STORE, price: 300 }] });
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 250)]);
      expect(await outcome(email, await completeRun())).toBe('sent');
      const messages = await mailpit.client.waitFor(email, 2);
      const mail = await mailpit.client.message(messages[1].ID);
      expect(mail.Text).toContain(`${HOSTILE_ITEM} – ${HOSTILE_STORE}: 3,00 € → 2,50 €`);
      expect(mail.HTML).toContain('&lt;img src=x onerror=alert(1)&gt; Kahvi &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.HTML).toContain('Prisma &lt;b&gt;Kamppi&lt;/b&gt;');
      expect(mail.HTML).not.toContain('<img');
      expect(mail.HTML).not.toContain('<script');
    });
  });

  describe('manage tokens are stored only as hashes (issue 34)', () => {
    /** Every stored row of one subscriber, as text. */
    async function storedRows(email: string): Promise<string> {
      const id = await subscriberId(email);
      const rows = await Promise.all(
        ['subscribers WHERE id = $1', 'manage_tokens WHERE subscriber_id = $1', 'confirmations WHERE subscriber_id = $1', 'watches WHERE subscriber_id = $1', 'notifications WHERE subscriber_id = $1'].map(
          (from) => dataSource.query(`SELECT row_to_json(r)::text AS row FROM alerts.${from.replace(' WHERE', ' r WHERE')}`, [id]) as Promise<{ row: string }[]>,
        ),
      );
      return rows.flat().map((r) => r.row).join('\n');
    }

    it('keeps no token text: the confirmation\'s and each mail\'s manage tokens are found by their SHA-256', async () => {
      const email = address();
      const { confirm, itemId } = await subscribeAndConfirm(email);
      await emit(IngestTopics.PricesObserved, [price(itemId, 1, 199)]);
      expect(await outcome(email, await completeRun())).toBe('sent');
      const messages = await mailpit.client.waitFor(email, 2);
      const mailToken = /\/hintavahti\/([A-Za-z0-9_-]{43})\?lopeta=1/.exec((await mailpit.client.message(messages[1].ID)).Text)?.[1] as string;
      expect(mailToken).toBeDefined();
      const stored = await storedRows(email);
      expect(stored).toContain(hashToken(confirm.manageToken));
      expect(stored).toContain(hashToken(mailToken));
      expect(stored).not.toContain(confirm.manageToken);
      expect(stored).not.toContain(mailToken);
      // Both links open the watches; erasing through one closes both.
      expect((await send<ManageDto>(AlertsPatterns.Manage, { token: mailToken })).email).toBe(email);
      expect(await send(AlertsPatterns.Erase, { token: mailToken })).toEqual({ erased: true });
      expect(await failure(send(AlertsPatterns.Manage, { token: confirm.manageToken }))).toEqual({ statusCode: 404, message: ALERT_MESSAGES.unknownManageToken });
    });

    it('the migration hashes the tokens stored before it, so the links already mailed keep working', async () => {
      const scratch = await createTestDatabase();
      const client = new Client({ connectionString: scratch.url });
      await client.connect();
      try {
        const runner = { query: (sql: string, parameters?: unknown[]) => client.query(sql, parameters).then((r) => r.rows) };
        await client.query('CREATE SCHEMA alerts');
        await new InitAlertsSchema1764100000000().up(runner as never);
        const token = 'Ab-_'.repeat(10) + 'xyz';
        await client.query(`INSERT INTO alerts.subscribers (email, manage_token) VALUES ('vanha@example.fi', $1)`, [token]);
        await new HashManageTokens1796100000000().up(runner as never);
        const { rows } = await client.query('SELECT t.token_hash, s.email, row_to_json(s)::text AS subscriber FROM alerts.manage_tokens t JOIN alerts.subscribers s ON s.id = t.subscriber_id');
        expect(rows).toEqual([{ token_hash: hashToken(token), email: 'vanha@example.fi', subscriber: expect.not.stringContaining(token) }]);
      } finally {
        await client.end();
        await scratch.drop();
      }
    });
  });
});
