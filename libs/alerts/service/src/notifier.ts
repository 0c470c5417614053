import { describeRejected, IngestTopics, parsePriceObservedEvents, type PriceObservation, RunCompletedEvent } from '@hintakori/price-ingest-contracts';
import { acceptedEvents, checkEvent, type EventBatchHandler } from '@hintakori/platform-messaging';
import { arrayLiteral } from '@hintakori/platform-persistence';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AlertsConfig } from './alerts-config';
import { AlertsService } from './alerts.service';
import { ConfirmationJobData, mailJobOptions, MailQueue, NotificationJobData } from './jobs/mail-queue';
import { Mailer } from './mail/mailer';
import { confirmationMail, Drop, dropsMail } from './mail/templates';
import { payableUnitPrice } from '@hintakori/shared-util';
import { knownCards, refreshPayablePrices, watchTerms } from './payable-price';
import { issueManageToken } from './secret-tokens';
import { ALERTS_CONFIG, MAIL_QUEUE_TOKEN, MAILER } from './tokens';

/** A watch has dropped when its newest price is under its reference (and at or under its target, if it has one). */
const DROPPED = `w.latest_price IS NOT NULL
  AND (w.reference_price IS NULL OR w.latest_price < w.reference_price)
  AND (w.target_price IS NULL OR w.latest_price <= w.target_price)
  AND (w.reference_price IS NOT NULL OR w.target_price IS NOT NULL)`;

/** A watch the newest observation of its (item, store) may replace (not older than its latest). */
interface WatchOfPrice {
  id: string;
  item_id: number;
  store_id: number;
  cards: string[];
}

/**
 * prices.observed: keeps the newest price of every watched item × store (other prices are not stored) with its till
 * terms, as the price each watch's subscriber would pay (their cards, today).
 */
@Injectable()
export class WatchedPricesHandler implements EventBatchHandler {
  private readonly logger = new Logger('alerts prices');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handleBatch(events: unknown[]): Promise<void> {
    const newest = new Map<string, PriceObservation>();
    const { observations, rejected } = parsePriceObservedEvents(events);
    for (const problem of rejected) this.logger.warn(`Skipped prices.observed ${describeRejected(problem)}`);
    for (const o of observations) {
      const key = `${o.itemId}:${o.storeId}`;
      const seen = newest.get(key);
      if (!seen || o.observedAt >= seen.observedAt) newest.set(key, o);
    }
    if (newest.size === 0) return;
    const rows = [...newest.values()];
    const watches = (await this.dataSource.query(
      `SELECT w.id, w.item_id, w.store_id, w.cards FROM alerts.watches w
       JOIN unnest($1::int[], $2::int[], $3::timestamptz[]) AS e(item_id, store_id, observed_at) ON w.item_id = e.item_id AND w.store_id = e.store_id
       WHERE w.latest_observed_at IS NULL OR e.observed_at >= w.latest_observed_at`,
      [rows.map((r) => r.itemId), rows.map((r) => r.storeId), rows.map((r) => r.observedAt)].map(arrayLiteral),
    )) as WatchOfPrice[];
    if (watches.length === 0) return;
    const now = new Date();
    const updates = watches.map((watch) => {
      const observation = newest.get(`${watch.item_id}:${watch.store_id}`) as PriceObservation;
      const terms = watchTerms(observation);
      return { id: watch.id, price: payableUnitPrice(terms, knownCards(watch.cards), now), observedAt: observation.observedAt, terms: JSON.stringify(terms) };
    });
    // The first price of an "any drop" watch made while the store had none becomes its reference; the guard keeps a
    // newer price written meanwhile.
    await this.dataSource.query(
      `UPDATE alerts.watches w SET latest_price = u.price, latest_observed_at = u.observed_at, latest_terms = u.terms::jsonb,
         reference_price = COALESCE(w.reference_price, CASE WHEN w.target_price IS NULL THEN u.price END)
       FROM unnest($1::bigint[], $2::int[], $3::timestamptz[], $4::text[]) AS u(id, price, observed_at, terms)
       WHERE w.id = u.id AND (w.latest_observed_at IS NULL OR u.observed_at >= w.latest_observed_at)`,
      [updates.map((u) => u.id), updates.map((u) => u.price), updates.map((u) => u.observedAt), updates.map((u) => u.terms)].map(arrayLiteral),
    );
  }
}

/** ingest.run-completed: queues one notification job per address with a drop, keyed by (address, run). */
@Injectable()
export class RunCompletedHandler implements EventBatchHandler {
  private readonly logger = new Logger('alerts runs');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ALERTS_CONFIG) private readonly config: AlertsConfig,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: MailQueue,
    private readonly alerts: AlertsService,
  ) {}

  async handleBatch(events: unknown[]): Promise<void> {
    for (const run of acceptedEvents(events, (event) => checkEvent(RunCompletedEvent, event), IngestTopics.RunCompleted, this.logger)) {
      await this.alerts.removeExpired();
      await refreshPayablePrices(this.dataSource);
      const subscribers = (await this.dataSource.query(`SELECT DISTINCT w.subscriber_id AS id FROM alerts.watches w WHERE ${DROPPED}`)) as { id: string }[];
      for (const { id } of subscribers) {
        const data: NotificationJobData = { kind: 'notification', subscriberId: Number(id), runId: run.runId };
        await this.queue.add('notification', data, { ...mailJobOptions(this.config), jobId: `notification-${id}-${run.runId}`, delay: this.config.notifyDelayMs });
      }
      if (subscribers.length > 0) this.logger.log(`run ${run.runId} (${run.source}): price drops for ${subscribers.length} addresses queued`);
    }
  }
}

export type NotificationOutcome = 'sent' | 'already-sent' | 'deferred' | 'nothing' | 'gone';

/** The mail jobs: confirmation mails and price-drop notifications, each idempotent. */
@Injectable()
export class MailJobs {
  private readonly logger = new Logger('alerts mail');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ALERTS_CONFIG) private readonly config: AlertsConfig,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: MailQueue,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  async confirmation(job: ConfirmationJobData): Promise<'sent' | 'skipped'> {
    const [row] = (await this.dataSource.query(
      `SELECT c.mailed_at, c.confirmed_at, c.expires_at < now() AS expired, s.email
       FROM alerts.confirmations c JOIN alerts.subscribers s ON s.id = c.subscriber_id WHERE c.id = $1`,
      [job.confirmationId],
    )) as { mailed_at: Date | null; confirmed_at: Date | null; expired: boolean; email: string }[];
    if (!row || row.mailed_at || row.confirmed_at || row.expired) return 'skipped';
    // Sent to an address nobody has confirmed yet: only Hintakori's own words, no product or store name from a source.
    const mail = confirmationMail({
      confirmUrl: `${this.config.publicUrl}/hintavahti/vahvista/${job.token}`,
      hours: this.config.confirmationHours,
    });
    await this.mailer.send({ ...mail, to: row.email, messageId: `<confirmation-${job.confirmationId}@hintakori>` });
    await this.dataSource.query('UPDATE alerts.confirmations SET mailed_at = now() WHERE id = $1', [job.confirmationId]);
    return 'sent';
  }

  /**
   * One mail per (address, run) listing every current drop. A repeated job finds the run's notification row and
   * sends nothing; an address mailed in the last 12 hours gets one delayed job at the end of its window instead,
   * which then lists every drop seen until then.
   */
  async notification(job: NotificationJobData): Promise<NotificationOutcome> {
    const claim = await this.dataSource.transaction(async (manager) => {
      const [subscriber] = (await manager.query(
        `SELECT id, email, last_sent_at, last_sent_at + make_interval(hours => $2) > now() AS in_window,
           (extract(epoch FROM last_sent_at + make_interval(hours => $2)) * 1000)::bigint AS window_ends
         FROM alerts.subscribers WHERE id = $1 FOR UPDATE`,
        [job.subscriberId, this.config.windowHours],
      )) as { id: string; email: string; in_window: boolean | null; window_ends: string | null }[];
      if (!subscriber) return { outcome: 'gone' as const };
      const [existing] = (await manager.query('SELECT status, drops FROM alerts.notifications WHERE subscriber_id = $1 AND run_id = $2', [job.subscriberId, job.runId])) as {
        status: string;
        drops: Drop[] | null;
      }[];
      if (existing && existing.status !== 'sending') return { outcome: existing.status === 'sent' ? ('already-sent' as const) : (existing.status as 'deferred' | 'nothing') };
      if (existing) return { outcome: 'send' as const, subscriber, drops: existing.drops ?? [] };
      if (subscriber.in_window) {
        await this.record(manager, job, 'deferred', null);
        return { outcome: 'deferred' as const, windowEnds: Number(subscriber.window_ends) };
      }
      const drops = await this.drops(manager, job.subscriberId);
      if (drops.length === 0) {
        await this.record(manager, job, 'nothing', null);
        return { outcome: 'nothing' as const };
      }
      // The window is taken before the mail goes out, so a concurrent job for another run defers instead.
      await this.record(manager, job, 'sending', drops);
      await manager.query('UPDATE alerts.subscribers SET last_sent_at = now() WHERE id = $1', [job.subscriberId]);
      return { outcome: 'send' as const, subscriber, drops };
    });
    if (claim.outcome === 'deferred') {
      const windowEnds = claim.windowEnds ?? Date.now();
      const runId = `after-${windowEnds}`;
      const delay = Math.max(0, windowEnds - Date.now()) + 1000;
      await this.queue.add('notification', { kind: 'notification', subscriberId: job.subscriberId, runId }, { ...mailJobOptions(this.config), jobId: `notification-${job.subscriberId}-${runId}`, delay });
      return 'deferred';
    }
    if (claim.outcome !== 'send') return claim.outcome;
    const { subscriber, drops } = claim;
    // Only the hashes of manage tokens are stored, so each mail carries a new one (the older ones keep working).
    const manageToken = await issueManageToken(this.dataSource, subscriber.id);
    const unsubscribeUrl = `${this.config.publicUrl}/api/alerts/unsubscribe/${manageToken}`;
    const mail = dropsMail({
      drops,
      publicUrl: this.config.publicUrl,
      manageUrl: `${this.config.publicUrl}/hintavahti/${manageToken}`,
      unsubscribeUrl: `${this.config.publicUrl}/hintavahti/${manageToken}?lopeta=1`,
    });
    await this.mailer.send({
      ...mail,
      to: subscriber.email,
      messageId: `<notification-${job.subscriberId}-${job.runId}@hintakori>`,
      // RFC 8058 one-click unsubscribe: the mail client POSTs "List-Unsubscribe=One-Click" to the URL.
      headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE alerts.notifications SET status = 'sent', sent_at = now() WHERE subscriber_id = $1 AND run_id = $2`, [job.subscriberId, job.runId]);
      await manager.query(
        `UPDATE alerts.watches w SET reference_price = d.price FROM unnest($1::bigint[], $2::int[]) AS d(id, price) WHERE w.id = d.id AND w.subscriber_id = $3`,
        [drops.map((d) => d.watchId), drops.map((d) => d.newPrice), job.subscriberId],
      );
    });
    this.logger.log(`sent ${drops.length} price drops for run ${job.runId}`);
    return 'sent';
  }

  private async record(manager: EntityManager, job: NotificationJobData, status: string, drops: Drop[] | null): Promise<void> {
    await manager.query('INSERT INTO alerts.notifications (subscriber_id, run_id, status, drops) VALUES ($1, $2, $3, $4)', [
      job.subscriberId,
      job.runId,
      status,
      drops === null ? null : JSON.stringify(drops),
    ]);
  }

  private async drops(manager: EntityManager, subscriberId: number): Promise<Drop[]> {
    const rows = (await manager.query(
      `SELECT w.id, w.item_id, w.item_name, w.item_slug, w.store_id, w.store_name, w.reference_price, w.latest_price, w.target_price
       FROM alerts.watches w WHERE w.subscriber_id = $1 AND ${DROPPED} ORDER BY w.item_name, w.store_name`,
      [subscriberId],
    )) as { id: string; item_id: number; item_name: string; item_slug: string; store_id: number; store_name: string; reference_price: number | null; latest_price: number; target_price: number | null }[];
    return rows.map((r) => ({
      watchId: Number(r.id),
      itemId: r.item_id,
      itemName: r.item_name,
      itemSlug: r.item_slug,
      storeId: r.store_id,
      storeName: r.store_name,
      oldPrice: r.reference_price,
      newPrice: r.latest_price,
      targetPrice: r.target_price,
    }));
  }
}
