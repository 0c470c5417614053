import type { CacheStore } from '@hintakori/platform-cache';
import { type ConfigSection, Env, envInt } from '@hintakori/platform-config';
import { PRICE_REPORT_LIMITS, type PriceReport } from '@hintakori/price-ingest-contracts';
import { HttpException } from '@nestjs/common';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { clientKey } from './client-key';

/** The price reports' settings (GATEWAY_CONFIG_SECTIONS), read at boot with the gateway's others. */
export interface PriceReportOptions {
  /**
   * Reports one client (an IPv4 address or an IPv6 /64, client-key.ts) may send in an hour; past it 429 with
   * Retry-After. PRICE_REPORTS_PER_HOUR, default 120. Never off: RATE_LIMIT_PER_MINUTE=0 (the tests' switch for the
   * API's limit) leaves it on, since it is what bounds how much one client can move the prices others see.
   */
  perHour: number;
  /**
   * The key of the client's hash (HMAC-SHA-256), the only form of a client price-ingest ever sees and keeps.
   * PRICE_REPORTS_CLIENT_SECRET, at least 32 characters; every gateway replica needs the same one, or one client's
   * reports through two replicas count as two clients'. Unset: a random key of this process (standalone, one gateway).
   */
  clientSecret: string;
}

/** The price reports' section of the gateway's config. */
export const readPriceReportOptions = ((env: Env, problems: string[]): PriceReportOptions => {
  const perHour = envInt(env, 'PRICE_REPORTS_PER_HOUR', PRICE_REPORT_LIMITS.perHour, problems, 1, 1_000_000);
  const secret = env.PRICE_REPORTS_CLIENT_SECRET;
  if (secret !== undefined && secret.length < 32) problems.push('PRICE_REPORTS_CLIENT_SECRET must be at least 32 characters');
  return { perHour, clientSecret: secret && secret.length >= 32 ? secret : randomBytes(32).toString('hex') };
}) satisfies ConfigSection<PriceReportOptions>;

/** The client as price-ingest knows it: a keyed hash of its client key (32 hex digits), never its address. */
export function reportClient(ip: string | undefined, secret: string): string {
  return createHmac('sha256', secret).update(clientKey(ip)).digest('hex').slice(0, 32);
}

/**
 * The client as the limit's counters name it: a plain SHA-256 of its client key, the same on every replica whatever
 * its secret (so the replicas count one client together), and no address in the cache store's keys.
 */
export function limitClient(ip: string | undefined): string {
  return createHash('sha256').update(clientKey(ip)).digest('hex').slice(0, 32);
}

/** What makes two reports of one client the same report (its time apart): the duplicate window's key. */
function sameReportKey(client: string, report: PriceReport): string {
  const { storeId, ean, price, regularPrice, comparisonPrice, comparisonUnit } = report;
  return `prd:${client}:${storeId}:${ean}:${price}:${regularPrice ?? ''}:${comparisonPrice ?? ''}:${comparisonUnit ?? ''}`;
}

const HOUR_SECONDS = 3600;

/**
 * The hourly limit of one client's reports, counted in the gateway's cache store (Redis when distributed, so every
 * replica counts together; memory in standalone). An hour's window starts at the client's first report in it. A
 * report identical to one the client sent within 10 minutes counts once (a burst of the same page's reports). Throws
 * a 429 with `Retry-After` (seconds to the window's end) past the limit. `client` is limitClient's.
 */
export async function countPriceReport(store: CacheStore, options: PriceReportOptions, client: string, report: PriceReport): Promise<void> {
  const sameKey = sameReportKey(client, report);
  if ((await store.get<number>(sameKey)) !== undefined) return;
  const count = await store.increment(`prh:${client}`, HOUR_SECONDS);
  const startKey = `prh-start:${client}`;
  if (count === 1) await store.set(startKey, Date.now(), HOUR_SECONDS);
  if (count > options.perHour) {
    const started = (await store.get<number>(startKey)) ?? Date.now();
    const retryAfter = Math.max(1, Math.ceil((started + HOUR_SECONDS * 1000 - Date.now()) / 1000));
    throw new TooManyReports(options.perHour, retryAfter);
  }
  // Only an admitted report opens the duplicate window: a refused one sent again is counted again.
  await store.set(sameKey, 1, PRICE_REPORT_LIMITS.duplicateWindowMs / 1000);
}

/** 429 with the seconds to wait; the exception filter sends `retryAfter` as the Retry-After header. */
export class TooManyReports extends HttpException {
  constructor(
    perHour: number,
    readonly retryAfter: number,
  ) {
    super({ statusCode: 429, message: `Too many price reports: at most ${perHour} an hour`, error: 'Too Many Requests' }, 429);
  }
}
