import type { ItemDto } from '@hintakori/catalog-contracts';

/** As long as the gateway's response cache keeps an item (GET /api/items/:id): the basket shows no older details. */
export const BASKET_ITEM_TTL_MS = 30_000;
/** Items kept (about 1–2 kB of JSON each): the carts being compared at a time, not the catalog. */
export const BASKET_ITEM_MAX = 5_000;

/**
 * The comparison basket's item details (name, pictures, description, categories — no prices: those come from
 * comparisons on every request), kept in this gateway process for BASKET_ITEM_TTL_MS. A basket of 60 items asked for
 * again within that time skips the catalog hop and its 60-item reply; items not held are fetched in one call. The
 * cached objects are frozen and shared between answers, never changed.
 */
export class BasketItems {
  private readonly entries = new Map<number, { item: Readonly<ItemDto>; expiresAt: number }>();

  constructor(
    private readonly load: (ids: number[]) => Promise<ItemDto[]>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The known items among `ids` (unknown ids are left out), by id. */
  async get(ids: readonly number[]): Promise<Map<number, Readonly<ItemDto>>> {
    const found = new Map<number, Readonly<ItemDto>>();
    const missing: number[] = [];
    const now = this.now();
    for (const id of new Set(ids)) {
      const entry = this.entries.get(id);
      if (entry && entry.expiresAt > now) found.set(id, entry.item);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const loaded = await this.load(missing);
    const expiresAt = this.now() + BASKET_ITEM_TTL_MS;
    for (const item of loaded) {
      const kept = Object.freeze(item);
      found.set(item.id, kept);
      this.entries.delete(item.id);
      this.entries.set(item.id, { item: kept, expiresAt });
    }
    // Map keeps insertion order: the oldest stored go first.
    for (const id of this.entries.keys()) {
      if (this.entries.size <= BASKET_ITEM_MAX) break;
      this.entries.delete(id);
    }
    return found;
  }
}
