import { ALERT_LIMITS, ConfirmResult, DeleteWatchRequest, EraseResult, ManageDto, SubscribeRequest, SubscribeResult, WatchDto } from '@hintakori/alerts-contracts';
import { ConflictException, GoneException, HttpException, HttpStatus, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { arrayLiteral } from '@hintakori/platform-persistence';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ALERTS_CONFIG, MAIL_QUEUE_TOKEN } from './tokens';
import type { AlertsConfig } from './alerts-config';
import { clientKey } from './client-key';
import { mailJobOptions, MailQueue } from './jobs/mail-queue';
import { refreshPayablePrices, knownCards } from './payable-price';
import { hashToken, issueManageToken, newToken } from './secret-tokens';

export { hashToken, newToken } from './secret-tokens';

/** The transaction-level advisory lock that serialises the check of the global hourly budget of confirmation mails. */
const CONFIRMATION_BUDGET_LOCK = 0x61_6c_72_74; // "alrt"

export const ALERT_MESSAGES = {
  accepted: 'If the address can receive mail, a confirmation link has been sent to it',
  tooManyFromClient: `Too many alert requests from this client: at most ${ALERT_LIMITS.requestsPerClientPerHour} an hour`,
  unknownConfirmation: 'This confirmation link is unknown or has already been used',
  expiredConfirmation: `This confirmation link has expired (links are valid for ${ALERT_LIMITS.confirmationHours} hours)`,
  listFull: `The watch list is full: at most ${ALERT_LIMITS.itemsPerAddress} products per address`,
  unknownManageToken: 'No watches are found for this link',
  unknownWatch: 'No such watch for this address',
} as const;

interface WatchRow {
  id: string;
  item_id: number;
  item_name: string;
  item_slug: string;
  store_id: number;
  store_name: string;
  target_price: number | null;
  reference_price: number | null;
  latest_price: number | null;
  cards: string[] | null;
  created_at: Date;
}

/** Subscribing (double opt-in), confirming and managing watches. */
@Injectable()
export class AlertsService {
  private readonly logger = new Logger('alerts');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ALERTS_CONFIG) private readonly config: AlertsConfig,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: MailQueue,
  ) {}

  /**
   * Records a watch request and queues its confirmation mail. The answer is the same whether or not the address
   * is known, already subscribed, over its pending limit or over the global hourly budget of confirmation mails
   * (then nothing is sent): nobody learns about an address. The per-client limit counts an IPv6 client by its /64.
   */
  async subscribe(request: SubscribeRequest): Promise<SubscribeResult> {
    await this.removeExpired();
    const token = newToken();
    const client = clientKey(request.clientAddress);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [{ count: fromClient }] = (await manager.query(
        `SELECT count(*)::int AS count FROM alerts.confirmations WHERE client_address = $1 AND created_at > now() - interval '1 hour'`,
        [client],
      )) as { count: number }[];
      if (fromClient >= ALERT_LIMITS.requestsPerClientPerHour) throw new HttpException(ALERT_MESSAGES.tooManyFromClient, HttpStatus.TOO_MANY_REQUESTS);
      // The row lock serialises requests for one address, so the pending limit holds under concurrency.
      const [{ id: subscriberId }] = (await manager.query(
        `INSERT INTO alerts.subscribers (email) VALUES ($1)
         ON CONFLICT (email) DO UPDATE SET email = excluded.email RETURNING id`,
        [request.email],
      )) as { id: string }[];
      await manager.query('SELECT 1 FROM alerts.subscribers WHERE id = $1 FOR UPDATE', [subscriberId]);
      const [{ count: pending }] = (await manager.query(
        'SELECT count(*)::int AS count FROM alerts.confirmations WHERE subscriber_id = $1 AND confirmed_at IS NULL AND expires_at > now()',
        [subscriberId],
      )) as { count: number }[];
      if (pending >= ALERT_LIMITS.pendingPerAddress) return { dropped: 'pending' as const };
      // One request at a time past this point, so the budget holds however many arrive together.
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CONFIRMATION_BUDGET_LOCK]);
      const [{ count: lastHour }] = (await manager.query(`SELECT count(*)::int AS count FROM alerts.confirmations WHERE created_at > now() - interval '1 hour'`)) as {
        count: number;
      }[];
      if (lastHour >= this.config.confirmationMailsPerHour) return { dropped: 'budget' as const };
      const { clientAddress: _clientAddress, email: _email, ...watch } = request;
      const [{ id }] = (await manager.query(
        `INSERT INTO alerts.confirmations (subscriber_id, token_hash, request, client_address, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5)) RETURNING id`,
        [subscriberId, hashToken(token), JSON.stringify(watch), client, this.config.confirmationHours],
      )) as { id: string }[];
      return { confirmationId: Number(id) };
    });
    if ('dropped' in outcome) {
      this.logger.warn(
        outcome.dropped === 'pending'
          ? `a watch request was dropped: the address already has ${ALERT_LIMITS.pendingPerAddress} pending confirmations`
          : `a watch request was dropped, no mail sent: the hourly budget of ${this.config.confirmationMailsPerHour} confirmation mails is spent (ALERTS_CONFIRMATION_MAILS_PER_HOUR)`,
      );
    } else {
      const { confirmationId } = outcome;
      await this.queue.add('confirmation', { kind: 'confirmation', confirmationId, token }, { ...mailJobOptions(this.config), jobId: `confirmation-${confirmationId}` });
    }
    return { accepted: true };
  }

  /** Turns a pending request into watches; the token works once and for 48 hours. The answer carries a new manage token. */
  async confirm(token: string): Promise<ConfirmResult> {
    return this.dataSource.transaction(async (manager) => {
      const [confirmation] = (await manager.query(
        `SELECT c.id, c.subscriber_id, c.request, c.expires_at < now() AS expired, c.confirmed_at
         FROM alerts.confirmations c JOIN alerts.subscribers s ON s.id = c.subscriber_id WHERE c.token_hash = $1 FOR UPDATE OF c, s`,
        [hashToken(token)],
      )) as { id: string; subscriber_id: string; request: Omit<SubscribeRequest, 'email' | 'clientAddress'>; expired: boolean; confirmed_at: Date | null }[];
      if (!confirmation || confirmation.confirmed_at) throw new NotFoundException(ALERT_MESSAGES.unknownConfirmation);
      if (confirmation.expired) throw new GoneException(ALERT_MESSAGES.expiredConfirmation);
      const request = confirmation.request;
      const [{ count: items }] = (await manager.query(
        'SELECT count(DISTINCT item_id)::int AS count FROM alerts.watches WHERE subscriber_id = $1 AND item_id <> $2',
        [confirmation.subscriber_id, request.itemId],
      )) as { count: number }[];
      if (items + 1 > ALERT_LIMITS.itemsPerAddress) throw new ConflictException(ALERT_MESSAGES.listFull);
      for (const store of request.stores) {
        // A repeated request for a watched item and store changes its target; the reference price stays.
        await manager.query(
          `INSERT INTO alerts.watches (subscriber_id, item_id, store_id, item_name, item_slug, store_name, target_price, reference_price, latest_price, cards)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9::text[])
           ON CONFLICT (subscriber_id, item_id, store_id) DO UPDATE SET target_price = excluded.target_price, item_name = excluded.item_name,
             item_slug = excluded.item_slug, store_name = excluded.store_name, cards = excluded.cards`,
          [confirmation.subscriber_id, request.itemId, store.storeId, request.itemName, request.itemSlug, store.storeName, request.targetPrice, store.price, arrayLiteral(request.cards ?? [])],
        );
      }
      // A repeated request may name other cards: the price the subscriber would pay follows them now.
      await refreshPayablePrices(manager, new Date(), { subscriberId: confirmation.subscriber_id, itemId: request.itemId });
      await manager.query('UPDATE alerts.confirmations SET confirmed_at = now() WHERE id = $1', [confirmation.id]);
      const manageToken = await issueManageToken(manager, confirmation.subscriber_id);
      return { manageToken, itemName: request.itemName, watches: request.stores.length };
    });
  }

  async manage(token: string): Promise<ManageDto> {
    const [subscriber] = (await this.dataSource.query(
      'SELECT s.id, s.email FROM alerts.manage_tokens t JOIN alerts.subscribers s ON s.id = t.subscriber_id WHERE t.token_hash = $1',
      [hashToken(token)],
    )) as { id: string; email: string }[];
    if (!subscriber) throw new NotFoundException(ALERT_MESSAGES.unknownManageToken);
    const rows = (await this.dataSource.query(
      `SELECT id, item_id, item_name, item_slug, store_id, store_name, target_price, reference_price, latest_price, cards, created_at
       FROM alerts.watches WHERE subscriber_id = $1 ORDER BY item_name, store_name, id`,
      [subscriber.id],
    )) as WatchRow[];
    return { email: subscriber.email, watches: rows.map(toWatchDto) };
  }

  async deleteWatch({ token, watchId }: DeleteWatchRequest): Promise<{ deleted: true }> {
    const rows = (await this.dataSource.query(
      `DELETE FROM alerts.watches w USING alerts.manage_tokens t WHERE t.token_hash = $1 AND w.subscriber_id = t.subscriber_id AND w.id = $2 RETURNING w.id`,
      [hashToken(token), watchId],
    )) as unknown[][];
    const deleted = Array.isArray(rows[0]) ? rows[0].length : rows.length;
    if (deleted === 0) throw new NotFoundException(ALERT_MESSAGES.unknownWatch);
    return { deleted: true };
  }

  /** "Poista kaikki tietoni" and the one-click unsubscribe: the address, its requests, watches and notification log. */
  async erase(token: string): Promise<EraseResult> {
    const result = (await this.dataSource.query(
      'DELETE FROM alerts.subscribers s USING alerts.manage_tokens t WHERE t.token_hash = $1 AND s.id = t.subscriber_id RETURNING s.id',
      [hashToken(token)],
    )) as unknown[];
    const erased = Array.isArray(result[0]) ? (result[0] as unknown[]).length > 0 : result.length > 0;
    if (erased) this.logger.log('a subscriber erased their data');
    return { erased };
  }

  /** Unconfirmed requests are kept only until they expire; an address with nothing left is forgotten. */
  async removeExpired(): Promise<void> {
    await this.dataSource.query('DELETE FROM alerts.confirmations WHERE confirmed_at IS NULL AND expires_at < now()');
    await this.dataSource.query(
      `DELETE FROM alerts.subscribers s WHERE created_at < now() - interval '1 hour'
         AND NOT EXISTS (SELECT 1 FROM alerts.watches w WHERE w.subscriber_id = s.id)
         AND NOT EXISTS (SELECT 1 FROM alerts.confirmations c WHERE c.subscriber_id = s.id AND c.confirmed_at IS NULL)`,
    );
  }
}

function toWatchDto(row: WatchRow): WatchDto {
  return {
    id: Number(row.id),
    itemId: row.item_id,
    itemName: row.item_name,
    itemSlug: row.item_slug,
    storeId: row.store_id,
    storeName: row.store_name,
    cards: knownCards(row.cards),
    targetPrice: row.target_price,
    referencePrice: row.reference_price,
    latestPrice: row.latest_price,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
