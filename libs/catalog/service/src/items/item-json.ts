import type { CategoryDto } from '@hintakori/catalog-contracts';
import { Injectable } from '@nestjs/common';
import type { CategoryTree } from '../categories/category-tree';
import { type ItemRow, toItemHead, toStoreItemDto } from './item-rows';

/** The channel of the item JSON triggers (migration 1764900000000): an item id, or `*` for every item. */
export const ITEM_JSON_CHANNEL = 'catalog_item_json';
/** Heads kept (the `finland` catalogue has 13.6 k items, about 1.1 kB of JSON each). */
const MAX_HEADS = 40_000;

/** An item's own columns: an ItemRow without its prices. */
export type ItemHeadRow = Omit<ItemRow, 'storeItems'>;
/** An item of a page with its prices only (the heads come from memory). */
export type ItemPricesRow = Pick<ItemRow, 'id' | 'storeItems'>;

interface Head {
  /** `{"id":…,…,"nutritionalContent":[…]` — the item's JSON up to its categories, without the closing brace. */
  text: string;
  categoryId: number | null;
}

function headOf(row: ItemHeadRow): Head {
  return { text: JSON.stringify(toItemHead(row)).slice(0, -1), categoryId: row.categoryId };
}

/**
 * A page of items as the JSON text of its ItemDto[] (the same bytes as `JSON.stringify` of toItemDto's answers),
 * written from each item's head kept in memory, its categories' path and its prices. A search page of 100 items is
 * ~120 kB of JSON of which ~110 kB are the items' own texts (description, ingredients, nutrition, categories): read,
 * parsed into objects and serialized again on every search before, now written once per item.
 *
 * Kept equal to the table by the `catalog_item_json` notifications (SearchIndex's listener forwards them): a head
 * is dropped when its item changes; every head is dropped, and none is kept, while the listener is lost. A head
 * read before a notification arrived is used for its own answer but not kept (the generation check).
 */
@Injectable()
export class ItemJsonCache {
  private readonly heads = new Map<number, Head>();
  private readonly pathsByTree = new WeakMap<CategoryTree, Map<number | null, string>>();
  private generation = 0;
  private live = false;

  /** The listener is (not) receiving the notifications: from now on heads may (not) be kept. */
  listening(live: boolean): void {
    this.live = live;
    this.generation += 1;
    this.heads.clear();
  }

  /** A `catalog_item_json` notification: an item id, or `*`. */
  changed(payload: string): void {
    this.generation += 1;
    const id = Number(payload);
    if (payload === '*' || !Number.isInteger(id)) this.heads.clear();
    else this.heads.delete(id);
  }

  /** How many heads are kept (tests, health). */
  size(): number {
    return this.heads.size;
  }

  /**
   * The page's JSON: `rows` in order, each item's head from memory or, for those not kept, from `loadHeads`
   * (an item gone meanwhile is left out, as the page statement leaves out items it no longer finds).
   */
  async render(
    rows: readonly ItemPricesRow[],
    loadHeads: (ids: number[]) => Promise<ItemHeadRow[]>,
    treeWith: (categoryIds: (number | null)[]) => Promise<CategoryTree>,
  ): Promise<string> {
    if (rows.length === 0) return '[]';
    const heads = rows.map((row) => this.heads.get(row.id));
    const missing = rows.filter((_, i) => heads[i] === undefined).map((row) => row.id);
    if (missing.length > 0) {
      const generation = this.generation;
      const loaded = new Map((await loadHeads(missing)).map((row) => [row.id, headOf(row)]));
      const keep = this.live && generation === this.generation;
      rows.forEach((row, i) => {
        const head = heads[i] ?? loaded.get(row.id);
        heads[i] = head;
        if (keep && head && loaded.has(row.id)) this.keep(row.id, head);
      });
    }
    const tree = await treeWith(heads.map((head) => head?.categoryId ?? null));
    const parts: string[] = [];
    rows.forEach((row, i) => {
      const head = heads[i];
      if (!head) return;
      parts.push(`${head.text},"itemCategories":${this.pathJson(tree, head.categoryId)},"storeItems":${JSON.stringify(row.storeItems.map(toStoreItemDto))}}`);
    });
    return `[${parts.join(',')}]`;
  }

  private keep(id: number, head: Head): void {
    if (this.heads.size >= MAX_HEADS) this.heads.delete(this.heads.keys().next().value as number);
    this.heads.set(id, head);
  }

  /** `itemCategories` of a category as toItemDto writes it, once per category and tree. */
  private pathJson(tree: CategoryTree, categoryId: number | null): string {
    let paths = this.pathsByTree.get(tree);
    if (!paths) {
      paths = new Map();
      this.pathsByTree.set(tree, paths);
    }
    let json = paths.get(categoryId);
    if (json === undefined) {
      json = JSON.stringify(tree.pathTo(categoryId).map((category: CategoryDto) => ({ category: { ...category } })));
      paths.set(categoryId, json);
    }
    return json;
  }
}
