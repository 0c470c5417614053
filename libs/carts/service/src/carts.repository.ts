import type { CartDto } from '@hintakori/carts-contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-limits';

interface CartRow {
  id: string;
  updatedAt: Date;
  itemId: number | null;
  quantity: number | null;
}

/** One cart with its lines in the order they were added, in one round trip. */
const CART_WITH_LINES = (cartSource: string) => `
  WITH cart AS (${cartSource})
  SELECT cart.id, cart.updated_at AS "updatedAt", line.item_id AS "itemId", line.quantity
  FROM cart
  LEFT JOIN carts.cart_lines line ON line.cart_id = cart.id
  ORDER BY line.added_at, line.item_id`;

const FIND_BY_ID = CART_WITH_LINES('SELECT id, updated_at FROM carts.carts WHERE id = $1');
const FIND_LATEST_BY_OWNER = CART_WITH_LINES('SELECT id, updated_at FROM carts.carts WHERE owner_id = $1 ORDER BY updated_at DESC LIMIT 1');

function toCartDto(rows: CartRow[]): CartDto | null {
  if (rows.length === 0) return null;
  const items = rows.filter((row) => row.itemId !== null).map((row) => ({ itemId: row.itemId as number, quantity: row.quantity as number }));
  return { id: rows[0].id, items, updatedAt: rows[0].updatedAt.toISOString() };
}

@Injectable()
export class CartsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findById(cartId: string): Promise<CartDto | null> {
    return toCartDto(await this.dataSource.query<CartRow[]>(FIND_BY_ID, [cartId]));
  }

  async findLatestByOwner(ownerId: string): Promise<CartDto | null> {
    return toCartDto(await this.dataSource.query<CartRow[]>(FIND_LATEST_BY_OWNER, [ownerId]));
  }

  /** Runs `work` in one READ COMMITTED transaction; a thrown error rolls everything back. */
  inTransaction<T>(work: (tx: CartWriteTransaction) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => work(new CartWriteTransaction(manager)));
  }
}

export type ClaimResult = 'owned' | 'foreign' | 'missing';

export interface IncrementResult {
  /** Quantity after the write; null when a cap stopped it. */
  quantity: number | null;
  /** Quantity before the write; null when the line was absent. */
  previous: number | null;
}

/**
 * The statements of one cart write. Every write first locks its cart row (claim, or a cart this
 * transaction created), so writes to one cart run one after another and each statement sees the
 * lines the previous writer committed: caps and decrements are exact under concurrency.
 */
export class CartWriteTransaction {
  constructor(private readonly manager: EntityManager) {}

  async createCart(ownerId: string): Promise<string> {
    const rows = await this.manager.query<{ id: string }[]>('INSERT INTO carts.carts (owner_id) VALUES ($1) RETURNING id', [ownerId]);
    return rows[0].id;
  }

  /** Locks and touches the cart when `ownerId` owns it; never touches anyone else's cart. */
  async claim(cartId: string, ownerId: string): Promise<ClaimResult> {
    const [row] = await this.manager.query<{ owned: boolean; found: boolean }[]>(
      `WITH owned AS (
         UPDATE carts.carts SET updated_at = clock_timestamp() WHERE id = $1 AND owner_id = $2 RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM owned) AS owned, EXISTS (SELECT 1 FROM carts.carts WHERE id = $1) AS found`,
      [cartId, ownerId],
    );
    if (row.owned) return 'owned';
    return row.found ? 'foreign' : 'missing';
  }

  /** A new cart for `ownerId` with the source cart's lines (quantities and added order kept). */
  async copyCart(sourceCartId: string, ownerId: string): Promise<string> {
    const rows = await this.manager.query<{ id: string }[]>(
      `WITH copy AS (
         INSERT INTO carts.carts (owner_id, source_cart_id) VALUES ($2, $1) RETURNING id
       ), lines AS (
         INSERT INTO carts.cart_lines (cart_id, item_id, quantity, added_at)
         SELECT copy.id, line.item_id, line.quantity, line.added_at
         FROM copy CROSS JOIN carts.cart_lines line
         WHERE line.cart_id = $1
       )
       SELECT id FROM copy`,
      [sourceCartId, ownerId],
    );
    return rows[0].id;
  }

  /** Adds the item with quantity 1 unless it is already there. False when the cart is full. */
  async addLine(cartId: string, itemId: number): Promise<boolean> {
    const [row] = await this.manager.query<{ ok: boolean }[]>(
      `WITH state AS (
         SELECT EXISTS (SELECT 1 FROM carts.cart_lines WHERE cart_id = $1 AND item_id = $2) AS present,
                (SELECT count(*) FROM carts.cart_lines WHERE cart_id = $1) AS lines
       ), inserted AS (
         INSERT INTO carts.cart_lines (cart_id, item_id, quantity)
         SELECT $1, $2, 1 FROM state WHERE NOT present AND lines < $3
         ON CONFLICT (cart_id, item_id) DO NOTHING
         RETURNING 1
       )
       SELECT present OR EXISTS (SELECT 1 FROM inserted) AS ok FROM state`,
      [cartId, itemId, MAX_CART_LINES],
    );
    return row.ok;
  }

  /** +1, or a new line with 1; atomic in itself (ON CONFLICT DO UPDATE). */
  async incrementLine(cartId: string, itemId: number): Promise<IncrementResult> {
    const [row] = await this.manager.query<IncrementResult[]>(
      `WITH state AS (
         SELECT (SELECT quantity FROM carts.cart_lines WHERE cart_id = $1 AND item_id = $2) AS previous,
                (SELECT count(*) FROM carts.cart_lines WHERE cart_id = $1) AS lines
       ), upserted AS (
         INSERT INTO carts.cart_lines AS line (cart_id, item_id, quantity)
         SELECT $1, $2, 1 FROM state WHERE previous IS NOT NULL OR lines < $3
         ON CONFLICT (cart_id, item_id) DO UPDATE SET quantity = line.quantity + 1 WHERE line.quantity < $4
         RETURNING quantity
       )
       SELECT previous, (SELECT quantity FROM upserted) AS quantity FROM state`,
      [cartId, itemId, MAX_CART_LINES, MAX_LINE_QUANTITY],
    );
    return row;
  }

  /** -1; a line at 1 is removed; an absent line is left absent. */
  async decrementLine(cartId: string, itemId: number): Promise<void> {
    await this.manager.query(
      `WITH removed AS (
         DELETE FROM carts.cart_lines WHERE cart_id = $1 AND item_id = $2 AND quantity <= 1 RETURNING 0 AS quantity
       ), decremented AS (
         UPDATE carts.cart_lines SET quantity = quantity - 1 WHERE cart_id = $1 AND item_id = $2 AND quantity > 1 RETURNING quantity
       )
       SELECT quantity FROM removed UNION ALL SELECT quantity FROM decremented`,
      [cartId, itemId],
    );
  }

  async removeLine(cartId: string, itemId: number): Promise<void> {
    await this.manager.query('DELETE FROM carts.cart_lines WHERE cart_id = $1 AND item_id = $2', [cartId, itemId]);
  }
}
