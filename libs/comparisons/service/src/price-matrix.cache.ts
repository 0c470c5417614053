import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PgNotificationListener } from '@hintakori/platform-persistence';
import { DataSource } from 'typeorm';
import type { TillTerms } from '@hintakori/shared-util';
import type { PriceCell } from './comparison.calculator';
import { parseTerms, TERM_COLUMNS, type TermColumns, termsOfRow } from './cell-terms';
import { TERMED_CELL } from './database/migrations/1796100000000-price-matrix-till-terms';

/** The channel the price matrix's triggers notify on (migration 1795550000000): changed and deleted cells, or `reload`. */
export const PRICE_MATRIX_CHANNEL = 'comparisons_price_matrix';
const LOAD_CHUNK_ITEMS = 500;

/** One item's prices: store ids ascending and their prices, `length` of them used. */
interface ItemPrices {
  stores: Int32Array;
  prices: Int32Array;
  length: number;
}

/**
 * The store-totals hot path's copy of comparisons.price_matrix (item, store → price), held in typed arrays
 * (about 8 bytes a cell: 3.4 M cells ≈ 27 MB) so a 30 × 10 comparison costs a few hundred binary-search steps
 * instead of a database round trip.
 *
 * It never serves a price older than the table's committed state as PostgreSQL delivers it: triggers on the
 * table put every changed cell into NOTIFY payloads (delivered at commit, in commit order, to every replica's
 * listener); the cache LISTENs before it loads the table and applies everything that arrived during the load
 * afterwards, in order. While it is loading, after a TRUNCATE, or after its listening connection dropped (it
 * then reloads), `ready` is false and callers read the table instead.
 */
@Injectable()
export class PriceMatrixCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PriceMatrixCache.name);
  private items = new Map<number, ItemPrices>();
  /** The few cells with a deposit (drinks): item → (store → cents). */
  private deposits = new Map<number, Map<number, number>>();
  /**
   * The cells the till treats apart (cell-terms.ts: a campaign date, a member price, a multibuy, a price per
   * kilogram): item → (store → terms, price included). Most cells have none and stay plain typed-array prices.
   */
  private terms = new Map<number, Map<number, TillTerms>>();
  private notifications?: PgNotificationListener;
  private buffered: string[] | null = null;
  private state: 'idle' | 'loading' | 'ready' | 'stopped' = 'idle';
  private cells = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  get ready(): boolean {
    return this.state === 'ready';
  }

  get size(): { items: number; cells: number } {
    return { items: this.items.size, cells: this.cells };
  }

  onApplicationBootstrap(): void {
    // A migrations run (HINTAKORI_MIGRATE_ONLY) closes the context as soon as it is up: nothing to serve, nothing to load.
    if (this.config.migrateOnly) return;
    void this.start();
  }

  /** Starts listening and loading in the background (boot is not held up; the table answers meanwhile). */
  start(): Promise<void> {
    if (this.state === 'stopped') return Promise.resolve();
    this.notifications ??= new PgNotificationListener(
      { connectionString: this.config.databaseUrl, applicationName: 'hintakori-comparisons-cache', channels: [PRICE_MATRIX_CHANNEL] },
      {
        // Notifications may arrive before LISTEN has answered: from here on they wait for the load.
        connected: () => {
          this.state = 'loading';
          this.buffered = [];
        },
        listening: (generation) => this.load(generation),
        notification: (channel, payload) => this.onNotification(channel, payload),
        // A lost listener may have missed notifications: stop serving until it has listened and reloaded.
        lost: (error) => {
          this.logger.warn(`Price cache stale or not listening (${error.message}); the table answers until the cache has reloaded`);
          if (this.state !== 'stopped') this.state = 'idle';
          this.buffered = null;
        },
      },
    );
    return this.notifications.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.state = 'stopped';
    await this.notifications?.stop();
  }

  /** Prices of the given items in the given stores (only cells that exist), as the table would answer; terms where a cell has any. */
  findCells(itemIds: readonly number[], storeIds: readonly number[]): PriceCell[] {
    const cells: PriceCell[] = [];
    for (const itemId of itemIds) {
      const entry = this.items.get(itemId);
      if (!entry) continue;
      const deposits = this.deposits.get(itemId);
      const terms = this.terms.get(itemId);
      for (const storeId of storeIds) {
        const at = indexOf(entry, storeId);
        if (at < 0) continue;
        const cell: PriceCell = { itemId, storeId, price: entry.prices[at], deposit: deposits?.get(storeId) ?? null };
        const cellTerms = terms?.get(storeId);
        if (cellTerms) cell.terms = cellTerms;
        cells.push(cell);
      }
    }
    return cells;
  }

  /** Loads the table after the listener of `generation` started listening, then applies what arrived meanwhile. */
  private async load(generation: number): Promise<void> {
    const started = Date.now();
    const items = new Map<number, ItemPrices>();
    const deposits = new Map<number, Map<number, number>>();
    const terms = new Map<number, Map<number, TillTerms>>();
    let cells = 0;
    try {
      const ids: number[] = (await this.dataSource.query('SELECT DISTINCT item_id AS id FROM comparisons.price_matrix ORDER BY 1')).map((r: { id: number }) => r.id);
      for (let start = 0; start < ids.length; start += LOAD_CHUNK_ITEMS) {
        // Each item's stores and prices as big-endian int4 arrays (bytea): PostgreSQL builds them without text
        // conversion and pg hands them over as Buffers, so neither side formats or parses a number per price.
        const rows: { id: number; stores: Buffer; prices: Buffer }[] = await this.dataSource.query(
          `SELECT item_id AS id, string_agg(int4send(store_id), ''::bytea ORDER BY store_id) AS stores,
                  string_agg(int4send(price), ''::bytea ORDER BY store_id) AS prices
             FROM comparisons.price_matrix WHERE item_id = ANY($1::int[]) GROUP BY item_id`,
          [ids.slice(start, start + LOAD_CHUNK_ITEMS)],
        );
        for (const row of rows) {
          const length = row.stores.length / 4;
          const entry: ItemPrices = { stores: new Int32Array(length), prices: new Int32Array(length), length };
          for (let i = 0; i < length; i++) {
            entry.stores[i] = row.stores.readInt32BE(i * 4);
            entry.prices[i] = row.prices.readInt32BE(i * 4);
          }
          items.set(row.id, entry);
          cells += length;
        }
      }
      const depositRows: { itemId: number; storeId: number; deposit: number }[] = await this.dataSource.query(
        'SELECT item_id AS "itemId", store_id AS "storeId", deposit FROM comparisons.price_matrix WHERE deposit IS NOT NULL',
      );
      for (const row of depositRows) setDeposit(deposits, row.itemId, row.storeId, row.deposit);
      const termRows: (TermColumns & { itemId: number; storeId: number })[] = await this.dataSource.query(
        `SELECT item_id AS "itemId", store_id AS "storeId", price, ${TERM_COLUMNS} FROM comparisons.price_matrix WHERE ${TERMED_CELL}`,
      );
      for (const row of termRows) setTerms(terms, row.itemId, row.storeId, termsOfRow(row));
    } catch (error) {
      // Listening, but not loaded: start over (the listener reconnects after its retry delay and this loads again).
      this.notifications?.restart(new Error(`not loaded: ${error instanceof Error ? error.message : String(error)}`));
      return;
    }
    // The connection dropped (or was replaced) during the load: a reload is under way.
    if (!this.notifications?.isListening || this.notifications.generation !== generation || this.state !== 'loading') return;
    this.items = items;
    this.deposits = deposits;
    this.terms = terms;
    this.cells = cells;
    const backlog = this.buffered ?? [];
    this.buffered = null;
    for (const payload of backlog) this.apply(payload);
    this.state = 'ready';
    this.logger.log(`Price cache loaded: ${cells} prices of ${items.size} items in ${Date.now() - started} ms (${backlog.length} notifications applied after the load)`);
  }

  private onNotification(channel: string, payload: string): void {
    if (channel !== PRICE_MATRIX_CHANNEL || !payload) return;
    if (payload === 'reload') {
      this.notifications?.restart(new Error('the table was truncated'), 0);
      return;
    }
    if (this.buffered) this.buffered.push(payload);
    else this.apply(payload);
  }

  /**
   * Payload: changed cells `item:store:price`, `item:store:price:deposit` or, for a termed cell (migration
   * 1796100000000), `item:store:price:deposit:terms` with the deposit possibly empty; deleted cells `-item:store`;
   * comma-separated. A changed cell without terms forgets any it had.
   */
  private apply(payload: string): void {
    for (const cell of payload.split(',')) {
      if (cell.startsWith('-')) {
        const [itemId, storeId] = cell.slice(1).split(':').map(Number);
        this.remove(itemId, storeId);
        setDeposit(this.deposits, itemId, storeId, null);
        setTerms(this.terms, itemId, storeId, null);
        continue;
      }
      const fields = cell.split(':');
      const itemId = Number(fields[0]);
      const storeId = Number(fields[1]);
      const price = Number(fields[2]);
      if (!Number.isInteger(itemId) || !Number.isInteger(storeId) || !Number.isInteger(price)) continue;
      const deposit = fields.length > 3 && fields[3] !== '' ? Number(fields[3]) : null;
      this.set(itemId, storeId, price);
      setDeposit(this.deposits, itemId, storeId, Number.isInteger(deposit) ? deposit : null);
      setTerms(this.terms, itemId, storeId, fields.length > 4 ? parseTerms(fields[4], price) : null);
    }
  }

  private set(itemId: number, storeId: number, price: number): void {
    let entry = this.items.get(itemId);
    if (!entry) {
      entry = { stores: new Int32Array(4), prices: new Int32Array(4), length: 0 };
      this.items.set(itemId, entry);
    }
    const at = indexOf(entry, storeId);
    if (at >= 0) {
      entry.prices[at] = price;
      return;
    }
    const insertAt = -at - 1;
    if (entry.length === entry.stores.length) {
      const capacity = Math.max(4, entry.length * 2);
      const stores = new Int32Array(capacity);
      const prices = new Int32Array(capacity);
      stores.set(entry.stores.subarray(0, entry.length));
      prices.set(entry.prices.subarray(0, entry.length));
      entry.stores = stores;
      entry.prices = prices;
    }
    entry.stores.copyWithin(insertAt + 1, insertAt, entry.length);
    entry.prices.copyWithin(insertAt + 1, insertAt, entry.length);
    entry.stores[insertAt] = storeId;
    entry.prices[insertAt] = price;
    entry.length += 1;
    this.cells += 1;
  }

  private remove(itemId: number, storeId: number): void {
    const entry = this.items.get(itemId);
    const at = entry ? indexOf(entry, storeId) : -1;
    if (!entry || at < 0) return;
    entry.stores.copyWithin(at, at + 1, entry.length);
    entry.prices.copyWithin(at, at + 1, entry.length);
    entry.length -= 1;
    this.cells -= 1;
  }
}

/** Keeps a cell's deposit (a null or 0 deposit: none, and the cell is forgotten). */
function setDeposit(deposits: Map<number, Map<number, number>>, itemId: number, storeId: number, deposit: number | null): void {
  let stores = deposits.get(itemId);
  if (!deposit) {
    if (stores?.delete(storeId) && stores.size === 0) deposits.delete(itemId);
    return;
  }
  if (!stores) {
    stores = new Map();
    deposits.set(itemId, stores);
  }
  stores.set(storeId, deposit);
}

/** Keeps a cell's terms (null: a plain cell, forgotten). */
function setTerms(terms: Map<number, Map<number, TillTerms>>, itemId: number, storeId: number, cellTerms: TillTerms | null): void {
  let stores = terms.get(itemId);
  if (!cellTerms) {
    if (stores?.delete(storeId) && stores.size === 0) terms.delete(itemId);
    return;
  }
  if (!stores) {
    stores = new Map();
    terms.set(itemId, stores);
  }
  stores.set(storeId, cellTerms);
}

/** Binary search of a store id: its index, or -(insertion point) - 1. */
function indexOf(entry: ItemPrices, storeId: number): number {
  let low = 0;
  let high = entry.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = entry.stores[mid];
    if (value < storeId) low = mid + 1;
    else if (value > storeId) high = mid - 1;
    else return mid;
  }
  return -low - 1;
}
