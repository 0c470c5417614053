import type { PriceObservedEvent } from '@hintakori/price-ingest-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PublishedLinesStore } from './published-lines';

/** A price as last published: its cents and a fingerprint of the rest of what the projections show. */
export interface PublishedPrice {
  price: number;
  fingerprint: number;
}

/** One store's published prices of one source: item id → price. */
export type StorePrices = Map<number, PublishedPrice>;

/**
 * FNV-1a (32 bits, as a signed int4) of the fields of a price event other than its cents, its time and its source:
 * the comparison price, the units, the campaign flag, the regular price, the deposit, the campaign's end and the
 * shop's own 30-day low. A change of cents is always seen (they are kept as they are); a change of only these fields
 * goes unseen with a chance of 1 in 2^32. A price without a deposit, a campaign end or a shop's low hashes as it did
 * before those fields existed, so the remembered prices stay valid (each one present adds its own tagged part).
 */
export function priceFingerprint(event: PriceObservedEvent): number {
  const deposit = event.deposit ?? null;
  const endsAt = event.campaignEndsAt ?? null;
  const sourceLowest = event.sourceLowest30d ?? null;
  return fnv1a(
    `${event.comparisonPrice ?? ''}|${event.priceUnit}|${event.comparisonPriceUnit}|${event.isCampaign ? 1 : 0}|${event.regularPrice ?? ''}` +
      `${deposit === null ? '' : `|d${deposit}`}${endsAt === null ? '' : `|e${endsAt}`}${sourceLowest === null ? '' : `|l${sourceLowest}`}` +
      termsKey(event),
  );
}

/** The till terms in a fingerprint: '' without any, so the fingerprints of prices without terms are as they were. */
function termsKey(event: PriceObservedEvent): string {
  const starts = event.campaignStartsAt ?? null;
  const member = event.memberPrice ?? null;
  const multibuy = event.multibuy ?? null;
  const grams = event.averageWeightGrams ?? null;
  return (
    `${starts === null ? '' : `|s${starts}`}${member === null ? '' : `|m${member.card}:${member.price}`}` +
    `${multibuy === null ? '' : `|b${multibuy.quantity}:${multibuy.price}`}${grams === null ? '' : `|w${grams}`}`
  );
}

/** FNV-1a, 32 bits, as a signed int4. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The records other than prices a run publishes: stores.upserted, items.upserted and offers.upserted events. */
export type RecordKind = 'store' | 'item' | 'offer';

/** An event with the key it is remembered by (its store, item or offer id) and the fingerprint of its content. */
export interface KeyedRecord<T> {
  key: number;
  event: T;
  fingerprint: number;
}

/** The fingerprint of an event's content: all of it but the time it was observed. */
export function recordFingerprint<T extends { observedAt: string }>(event: T): number {
  const { observedAt: _time, ...content } = event;
  return fnv1a(JSON.stringify(content));
}

/** A store's prices as stored: int4 triples (item id, cents, fingerprint), little-endian, ordered by item id. */
export function encodeStorePrices(prices: StorePrices): Buffer {
  // A typed array sorts numbers without a comparator call per comparison.
  const itemIds = Int32Array.from(prices.keys()).sort();
  const buffer = Buffer.allocUnsafe(itemIds.length * 12);
  for (let i = 0; i < itemIds.length; i++) {
    const entry = prices.get(itemIds[i]) as PublishedPrice;
    buffer.writeInt32LE(itemIds[i], i * 12);
    buffer.writeInt32LE(entry.price, i * 12 + 4);
    buffer.writeInt32LE(entry.fingerprint, i * 12 + 8);
  }
  return buffer;
}

/**
 * A store's packed prices (encodeStorePrices) with `changes` set in them, packed: one pass over both in item order,
 * without decoding the store's other prices into objects (a part of a split run merges a few changed prices into
 * stores of thousands).
 */
export function mergeStorePrices(buffer: Buffer | null, changes: ReadonlyMap<number, PublishedPrice>): Buffer {
  const current = buffer ? Math.floor(buffer.length / 12) : 0;
  const changed = Int32Array.from(changes.keys()).sort();
  const out = Buffer.allocUnsafe((current + changed.length) * 12);
  let i = 0;
  let c = 0;
  let n = 0;
  const put = (itemId: number, price: number, fingerprint: number) => {
    out.writeInt32LE(itemId, n * 12);
    out.writeInt32LE(price, n * 12 + 4);
    out.writeInt32LE(fingerprint, n * 12 + 8);
    n++;
  };
  while (i < current || c < changed.length) {
    const kept = i < current ? (buffer as Buffer).readInt32LE(i * 12) : Number.POSITIVE_INFINITY;
    const next = c < changed.length ? changed[c] : Number.POSITIVE_INFINITY;
    if (next <= kept) {
      const entry = changes.get(next) as PublishedPrice;
      put(next, entry.price, entry.fingerprint);
      c++;
      if (next === kept) i++;
    } else {
      (buffer as Buffer).copy(out, n * 12, i * 12, i * 12 + 12);
      n++;
      i++;
    }
  }
  return out.subarray(0, n * 12);
}

export function decodeStorePrices(buffer: Buffer): StorePrices {
  const prices: StorePrices = new Map();
  for (let offset = 0; offset + 12 <= buffer.length; offset += 12) {
    prices.set(buffer.readInt32LE(offset), { price: buffer.readInt32LE(offset + 4), fingerprint: buffer.readInt32LE(offset + 8) });
  }
  return prices;
}

/** One item's price in a store's packed prices (ordered by item id: a binary search, no decoding), or null. */
export function publishedPriceOf(buffer: Buffer, itemId: number): PublishedPrice | null {
  let low = 0;
  let high = Math.floor(buffer.length / 12) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = buffer.readInt32LE(middle * 12);
    if (found === itemId) return { price: buffer.readInt32LE(middle * 12 + 4), fingerprint: buffer.readInt32LE(middle * 12 + 8) };
    if (found < itemId) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/**
 * What each source last published per store (ingest.published_prices): a run publishes only the prices that differ
 * from it, so a feed that repeats itself costs Kafka and the projections only its changes. One row per (source,
 * store), its prices packed in a bytea, so a run reads and writes a few hundred rows instead of a row per price.
 * Losing rows only costs a republish (the projections are idempotent): a row is written after its prices were
 * acknowledged by the broker, never before.
 */
@Injectable()
export class PublishedPricesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The lines each source's last whole run read as one price (published-lines.ts; runs/unchanged-lines.ts). */
  lines(): PublishedLinesStore {
    return new PublishedLinesStore(this.dataSource);
  }

  /** The stored prices of the given stores of `source` (stores without a row are absent). */
  async load(source: string, storeIds: readonly number[]): Promise<Map<number, StorePrices>> {
    const found = new Map<number, StorePrices>();
    if (storeIds.length === 0) return found;
    const rows: { storeId: number; prices: Buffer }[] = await this.dataSource.query(
      'SELECT store_id AS "storeId", prices FROM ingest.published_prices WHERE source = $1 AND store_id = ANY($2::int[])',
      [source, storeIds],
    );
    for (const row of rows) found.set(row.storeId, decodeStorePrices(row.prices));
    return found;
  }

  /** Replaces the stored prices of the given stores of `source`. */
  async save(source: string, stores: ReadonlyMap<number, StorePrices>): Promise<void> {
    if (stores.size === 0) return;
    const storeIds = [...stores.keys()].sort((a, b) => a - b);
    await this.dataSource.query(
      `INSERT INTO ingest.published_prices (source, store_id, prices)
       SELECT $1, s.store_id, s.prices FROM unnest($2::int[], $3::bytea[]) AS s(store_id, prices)
       ON CONFLICT (source, store_id) DO UPDATE SET prices = excluded.prices`,
      [source, storeIds, storeIds.map((id) => encodeStorePrices(stores.get(id) as StorePrices))],
    );
  }

  /**
   * Records that a run of `source` that started at `at` (ISO) priced these stores (changed or not): their rows'
   * `priced_at`, never moved back by an older run finishing later. Call after `save`, so every store has its row.
   */
  async markPriced(source: string, storeIds: readonly number[], at: string): Promise<void> {
    if (storeIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE ingest.published_prices SET priced_at = $3::timestamptz
        WHERE source = $1 AND store_id = ANY($2::int[]) AND (priced_at IS NULL OR priced_at < $3::timestamptz)`,
      [source, storeIds, at],
    );
  }

  /** When `source` last priced each store it ever published prices for (store id → ISO); never: absent. */
  async pricedAt(source: string): Promise<Map<number, string>> {
    const rows: { storeId: number; pricedAt: Date }[] = await this.dataSource.query(
      'SELECT store_id AS "storeId", priced_at AS "pricedAt" FROM ingest.published_prices WHERE source = $1 AND priced_at IS NOT NULL',
      [source],
    );
    return new Map(rows.map((row) => [row.storeId, new Date(row.pricedAt).toISOString()]));
  }

  /**
   * Of the given stores, items or offers of `source`, those whose content differs from what the source last
   * published of them (ingest.published_records), with their fingerprints. Duplicate keys: the last one counts.
   */
  async changedRecords<T extends { observedAt: string }>(source: string, kind: RecordKind, events: readonly { key: number; event: T }[]): Promise<KeyedRecord<T>[]> {
    if (events.length === 0) return [];
    const byKey = new Map(events.map(({ key, event }) => [key, { key, event, fingerprint: recordFingerprint(event) }]));
    const rows: { key: number; fingerprint: number }[] = await this.dataSource.query(
      'SELECT key, fingerprint FROM ingest.published_records WHERE source = $1 AND kind = $2 AND key = ANY($3::int[])',
      [source, kind, [...byKey.keys()]],
    );
    for (const row of rows) if (byKey.get(row.key)?.fingerprint === row.fingerprint) byKey.delete(row.key);
    return [...byKey.values()];
  }

  /** Remembers what was published (call once the broker has acknowledged it: a crash before only repeats it). */
  async saveRecords(source: string, kind: RecordKind, records: readonly { key: number; fingerprint: number }[]): Promise<void> {
    if (records.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO ingest.published_records (source, kind, key, fingerprint)
       SELECT $1, $2, r.key, r.fingerprint FROM unnest($3::int[], $4::int[]) AS r(key, fingerprint)
       ON CONFLICT (source, kind, key) DO UPDATE SET fingerprint = excluded.fingerprint`,
      [source, kind, records.map((r) => r.key), records.map((r) => r.fingerprint)],
    );
  }

  /** Forgets records published otherwise (e.g. a store published closed), so their next event is published whatever it holds. */
  async forgetRecords(source: string, kind: RecordKind, keys: readonly number[]): Promise<void> {
    if (keys.length === 0) return;
    await this.dataSource.query('DELETE FROM ingest.published_records WHERE source = $1 AND kind = $2 AND key = ANY($3::int[])', [source, kind, keys]);
  }
}
