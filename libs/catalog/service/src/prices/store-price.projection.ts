import { arrayLiteral } from '@hintakori/platform-persistence';
import { canonicalIsoTime, observationColumns, type PriceObservation } from '@hintakori/price-ingest-contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export const PRICE_CHUNK_SIZE = 5000;

interface TimedObservation extends PriceObservation {
  at: number;
}

interface CurrentPrice {
  itemId: number;
  storeId: number;
  price: number;
  isCampaign: boolean;
  at: number;
  /** Its source's later run no longer had it (store_prices.unlisted_at). */
  unlisted?: boolean;
}

interface NewPeriod {
  itemId: number;
  storeId: number;
  from: string;
  to: string | null;
  price: number;
  isCampaign: boolean;
}

const OBSERVATION_COLUMNS = `
  "itemId" integer, "storeId" integer, price integer, "comparisonPrice" integer,
  "priceUnit" text, "comparisonPriceUnit" text, "isCampaign" boolean, "observedAt" timestamptz`;

/**
 * Observations as nineteen parallel arrays, the eight of observationColumns, their sources ($9, null where unknown),
 * regular prices ($10), deposits ($11), campaign ends ($12), the shops' own 30-day lows ($13) and the till terms
 * (TERM_COLUMNS, $14 … $19): cheaper for the server to read than a JSON document of records.
 */
const OBSERVATIONS_WITH_SOURCE = `unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::boolean[], $8::timestamptz[], $9::text[], $10::int[], $11::int[], $12::timestamptz[], $13::int[],
    $14::text[], $15::int[], $16::int[], $17::int[], $18::timestamptz[], $19::int[])
  AS o("itemId", "storeId", price, "comparisonPrice", "priceUnit", "comparisonPriceUnit", "isCampaign", "observedAt", source, "regularPrice", deposit, "campaignEndsAt", "sourceLowest30d",
    "memberCard", "memberPrice", "multibuyQuantity", "multibuyPrice", "campaignStartsAt", "averageWeightGrams")`;

/** The till terms of an observation as flat columns (null where it gave none), in the order of $14 … $19 above. */
interface TermColumns {
  memberCard: string | null;
  memberPrice: number | null;
  multibuyQuantity: number | null;
  multibuyPrice: number | null;
  campaignStartsAt: string | null;
  averageWeightGrams: number | null;
}

function termColumns(row: PriceObservation): TermColumns {
  return {
    memberCard: row.memberPrice?.card ?? null,
    memberPrice: row.memberPrice?.price ?? null,
    multibuyQuantity: row.multibuy?.quantity ?? null,
    multibuyPrice: row.multibuy?.price ?? null,
    campaignStartsAt: row.campaignStartsAt ?? null,
    averageWeightGrams: row.averageWeightGrams ?? null,
  };
}

const TERM_KEYS = ['memberCard', 'memberPrice', 'multibuyQuantity', 'multibuyPrice', 'campaignStartsAt', 'averageWeightGrams'] as const satisfies readonly (keyof TermColumns)[];

/** New (item, store) pairs get the newest observation of the batch; existing ones are left for the locked read. */
const INSERT_NEW_SQL = `
  INSERT INTO catalog.store_prices (item_id, store_id, price, comparison_price, price_unit, comparison_price_unit, is_campaign, updated_at, source, regular_price, deposit, campaign_ends_at, source_lowest_30d,
                                    member_card, member_price, multibuy_quantity, multibuy_price, campaign_starts_at, average_weight_grams)
  SELECT o."itemId", o."storeId", o.price, o."comparisonPrice", o."priceUnit", o."comparisonPriceUnit", o."isCampaign", o."observedAt", o.source, o."regularPrice", o.deposit,
         o."campaignEndsAt", o."sourceLowest30d", o."memberCard", o."memberPrice", o."multibuyQuantity", o."multibuyPrice", o."campaignStartsAt", o."averageWeightGrams"
  FROM ${OBSERVATIONS_WITH_SOURCE}
  ORDER BY o."itemId", o."storeId"
  ON CONFLICT (item_id, store_id) DO NOTHING
  RETURNING item_id AS "itemId", store_id AS "storeId"`;

const LOCK_EXISTING_SQL = `
  SELECT p.item_id AS "itemId", p.store_id AS "storeId", p.price, p.is_campaign AS "isCampaign",
         (extract(epoch FROM p.updated_at) * 1000)::float8 AS at, p.unlisted_at IS NOT NULL AS unlisted
  FROM catalog.store_prices p
  JOIN unnest($1::int[], $2::int[]) AS k(item_id, store_id) ON p.item_id = k.item_id AND p.store_id = k.store_id
  ORDER BY p.item_id, p.store_id
  FOR UPDATE OF p`;

/** The guard repeats the rule the locked read already applied: only a strictly newer observation replaces a row. */
const UPDATE_EXISTING_SQL = `
  UPDATE catalog.store_prices AS current SET
    price = o.price,
    comparison_price = o."comparisonPrice",
    price_unit = o."priceUnit",
    comparison_price_unit = o."comparisonPriceUnit",
    is_campaign = o."isCampaign",
    updated_at = o."observedAt",
    source = o.source,
    regular_price = o."regularPrice",
    deposit = o.deposit,
    campaign_ends_at = o."campaignEndsAt",
    source_lowest_30d = o."sourceLowest30d",
    member_card = o."memberCard",
    member_price = o."memberPrice",
    multibuy_quantity = o."multibuyQuantity",
    multibuy_price = o."multibuyPrice",
    campaign_starts_at = o."campaignStartsAt",
    average_weight_grams = o."averageWeightGrams",
    unlisted_at = NULL
  FROM json_to_recordset($1::json) AS o(${OBSERVATION_COLUMNS}, source text, "regularPrice" integer, deposit integer, "campaignEndsAt" timestamptz, "sourceLowest30d" integer,
    "memberCard" text, "memberPrice" integer, "multibuyQuantity" integer, "multibuyPrice" integer, "campaignStartsAt" timestamptz, "averageWeightGrams" integer)
  WHERE current.item_id = o."itemId" AND current.store_id = o."storeId" AND current.updated_at < o."observedAt"`;

/** Observed again (a source publishes a price it had unlisted once it has it again, whatever its time). */
const RELIST_SQL = `
  UPDATE catalog.store_prices AS p SET unlisted_at = NULL
  FROM unnest($1::int[], $2::int[]) AS k(item_id, store_id)
  WHERE p.item_id = k.item_id AND p.store_id = k.store_id AND p.unlisted_at IS NOT NULL`;

const CLOSE_PERIODS_SQL = `
  UPDATE catalog.price_history AS h SET valid_to = c."at"
  FROM json_to_recordset($1::json) AS c("itemId" integer, "storeId" integer, "at" timestamptz)
  WHERE h.item_id = c."itemId" AND h.store_id = c."storeId" AND h.valid_to IS NULL AND h.valid_from < c."at"`;

/** A period that already exists (same item, store and start) is never created twice. */
const INSERT_PERIODS_SQL = `
  INSERT INTO catalog.price_history (item_id, store_id, valid_from, valid_to, price, is_campaign)
  SELECT p."itemId", p."storeId", p."from", p."to", p.price, p."isCampaign"
  FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::boolean[]) AS p("itemId", "storeId", "from", "to", price, "isCampaign")
  ORDER BY p."itemId", p."storeId", p."from"
  ON CONFLICT DO NOTHING`;

/** The observation's time in UTC ISO form: as given when already canonical (what the consumers pass), else through Date. */
function isoOf(row: TimedObservation): string {
  return canonicalIsoTime(row.observedAt, row.at);
}

function keyOf(row: { itemId: number; storeId: number }): string {
  return `${row.itemId}:${row.storeId}`;
}

/**
 * Sorts by (item, store, time) and drops repeats of the same (item, store, time): the first one seen wins,
 * as against the table, where an observation of the same time as the stored one changes nothing either.
 */
function orderObservations(rows: readonly PriceObservation[]): TimedObservation[] {
  const timed = rows.map((row, index) => ({ row: { ...row, at: Date.parse(row.observedAt) }, index }));
  timed.sort((a, b) => a.row.itemId - b.row.itemId || a.row.storeId - b.row.storeId || a.row.at - b.row.at || a.index - b.index);
  const ordered: TimedObservation[] = [];
  for (const { row } of timed) {
    const last = ordered[ordered.length - 1];
    if (last && last.itemId === row.itemId && last.storeId === row.storeId && last.at === row.at) continue;
    ordered.push(row);
  }
  return ordered;
}

/** Chunks of about `size` rows that never split one (item, store) pair. */
function* chunksByKey(rows: readonly TimedObservation[], size: number): Generator<TimedObservation[]> {
  let start = 0;
  while (start < rows.length) {
    let end = Math.min(start + size, rows.length);
    while (end < rows.length && rows[end].itemId === rows[end - 1].itemId && rows[end].storeId === rows[end - 1].storeId) end += 1;
    yield rows.slice(start, end);
    start = end;
  }
}

/**
 * Projects price observations into the current display prices (catalog.store_prices) and the price history
 * (catalog.price_history): monotonic per (item, store) — an observation not newer than the last confirmation
 * changes nothing, so replays and late arrivals are harmless. A newer observation with the same price and
 * campaign flag only moves the confirmation time (store_prices.updated_at); a different one closes the open
 * period and opens a new one.
 */
@Injectable()
export class StorePriceProjection {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Applies observations (checked by parsePriceObservedEvents, or the seeder's own) in chunks of about 5000 rows,
   * each in one transaction (or in the caller's, when `manager` belongs to one). Returns how many current prices
   * were inserted or replaced (a confirmation counts: it moves updated_at).
   */
  async applyPriceObservations(rows: readonly PriceObservation[], manager?: EntityManager): Promise<number> {
    let changed = 0;
    for (const chunk of chunksByKey(orderObservations(rows), PRICE_CHUNK_SIZE)) {
      changed += manager?.queryRunner?.isTransactionActive
        ? await this.applyChunk(manager, chunk)
        : await (manager ?? this.dataSource.manager).transaction((tx) => this.applyChunk(tx, chunk));
    }
    return changed;
  }

  /** `rows` ordered by (item, store, time), no repeated (item, store, time). */
  private async applyChunk(manager: EntityManager, rows: readonly TimedObservation[]): Promise<number> {
    const newest: TimedObservation[] = [];
    for (const row of rows) {
      const last = newest[newest.length - 1];
      if (last && last.itemId === row.itemId && last.storeId === row.storeId) newest[newest.length - 1] = row;
      else newest.push(row);
    }
    // 1. Pairs without a current price: insert the newest observation (the row lock taken here also
    //    makes a concurrent batch with the same pair wait, then see this row).
    const inserted: { itemId: number; storeId: number }[] = await manager.query(
      INSERT_NEW_SQL,
      [
        ...observationColumns(newest, isoOf),
        newest.map((row) => row.source ?? null),
        newest.map((row) => row.regularPrice ?? null),
        newest.map((row) => row.deposit ?? null),
        newest.map((row) => row.campaignEndsAt ?? null),
        newest.map((row) => row.sourceLowest30d ?? null),
        ...termArrays(newest),
      ].map(arrayLiteral),
    );
    const insertedKeys = new Set(inserted.map(keyOf));
    // 2. Lock the existing current prices of the other pairs.
    const existingKeys = newest.filter((row) => !insertedKeys.has(keyOf(row)));
    const current = new Map<string, CurrentPrice>();
    if (existingKeys.length > 0) {
      const locked: CurrentPrice[] = await manager.query(LOCK_EXISTING_SQL, [arrayLiteral(existingKeys.map((r) => r.itemId)), arrayLiteral(existingKeys.map((r) => r.storeId))]);
      for (const row of locked) current.set(keyOf(row), row);
    }
    // 3. Walk each pair's observations in time order.
    const updates: TimedObservation[] = [];
    const closes: { itemId: number; storeId: number; at: string }[] = [];
    const periods: NewPeriod[] = [];
    const relisted: TimedObservation[] = [];
    let index = 0;
    while (index < rows.length) {
      const first = rows[index];
      const key = keyOf(first);
      let state: CurrentPrice | undefined = insertedKeys.has(key) ? undefined : current.get(key);
      let openPeriod: NewPeriod | undefined;
      let latest: TimedObservation | undefined;
      for (; index < rows.length && rows[index].itemId === first.itemId && rows[index].storeId === first.storeId; index += 1) {
        const row = rows[index];
        if (state && row.at <= state.at) continue; // not newer than the last confirmation: a replay or a late arrival
        if (!state || state.price !== row.price || state.isCampaign !== row.isCampaign) {
          const at = isoOf(row);
          if (openPeriod) openPeriod.to = at;
          else if (state) closes.push({ itemId: row.itemId, storeId: row.storeId, at });
          openPeriod = { itemId: row.itemId, storeId: row.storeId, from: at, to: null, price: row.price, isCampaign: row.isCampaign };
          periods.push(openPeriod);
        }
        state = { itemId: row.itemId, storeId: row.storeId, price: row.price, isCampaign: row.isCampaign, at: row.at };
        latest = row;
      }
      if (latest && !insertedKeys.has(key)) updates.push(latest);
      else if (!latest && current.get(key)?.unlisted) relisted.push(first);
    }
    // 4. Write: current prices, then the history (close before open: one open period per pair).
    if (updates.length > 0) await manager.query(UPDATE_EXISTING_SQL, [JSON.stringify(updates.map(toRecord))]);
    if (relisted.length > 0) await manager.query(RELIST_SQL, [arrayLiteral(relisted.map((r) => r.itemId)), arrayLiteral(relisted.map((r) => r.storeId))]);
    if (closes.length > 0) await manager.query(CLOSE_PERIODS_SQL, [JSON.stringify(closes)]);
    if (periods.length > 0) {
      await manager.query(
        INSERT_PERIODS_SQL,
        [periods.map((p) => p.itemId), periods.map((p) => p.storeId), periods.map((p) => p.from), periods.map((p) => p.to), periods.map((p) => p.price), periods.map((p) => p.isCampaign)].map(
          arrayLiteral,
        ),
      );
    }
    return inserted.length + updates.length;
  }
}

/** The till terms of `rows` as the six arrays $14 … $19 of INSERT_NEW_SQL. */
function termArrays(rows: readonly PriceObservation[]): unknown[][] {
  const arrays: unknown[][] = TERM_KEYS.map(() => new Array<unknown>(rows.length));
  rows.forEach((row, i) => {
    const terms = termColumns(row);
    TERM_KEYS.forEach((key, k) => (arrays[k][i] = terms[key]));
  });
  return arrays;
}

function toRecord(row: TimedObservation): Omit<PriceObservation, 'memberPrice' | 'multibuy' | 'campaignStartsAt' | 'averageWeightGrams'> & TermColumns {
  return {
    itemId: row.itemId,
    storeId: row.storeId,
    price: row.price,
    comparisonPrice: row.comparisonPrice,
    priceUnit: row.priceUnit,
    comparisonPriceUnit: row.comparisonPriceUnit,
    isCampaign: row.isCampaign,
    observedAt: isoOf(row),
    source: row.source,
    regularPrice: row.regularPrice ?? null,
    deposit: row.deposit ?? null,
    campaignEndsAt: row.campaignEndsAt ?? null,
    sourceLowest30d: row.sourceLowest30d ?? null,
    ...termColumns(row),
  };
}
