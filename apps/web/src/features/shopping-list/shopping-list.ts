import type { Category, Item } from '../../app/models';
import { readJson, writeJson } from '../../app/storage';

/** Store sections in the order a shopper usually walks through a Finnish grocery store. */
export const AISLES = [
  { id: 'produce', name: 'Hedelmät ja vihannekset', match: /hedelm|vihann|marj|salaat|peruna|sien/i },
  { id: 'bakery', name: 'Leipä ja leivonnaiset', match: /leip|leiv|keks|pulla/i },
  { id: 'dairy', name: 'Maito, juusto ja munat', match: /maito|juusto|muna|rasva|jogurt|meijeri|voi\b/i },
  { id: 'meat', name: 'Liha, kala ja valmisruoat', match: /liha|kala|meren|kasviprot|valmisruo|leikkele|makkar|broiler/i },
  { id: 'dry', name: 'Kuivatuotteet ja juomat', match: /kuiva|juoma|makeis|napostel|lapset|vauva|mauste|säilyk|kahvi|tee\b|pasta|riisi/i },
  { id: 'frozen', name: 'Pakasteet', match: /pakaste|jäätelö/i },
  { id: 'household', name: 'Koti ja puhtaus', match: /koti|puhtau|pesu|hygien|paperi|siivo/i },
] as const;

export const OTHER_AISLE = { id: 'other', name: 'Muut' } as const;

export type AisleId = (typeof AISLES)[number]['id'] | typeof OTHER_AISLE.id;

export interface Aisle<T> {
  id: AisleId;
  name: string;
  lines: T[];
}

/**
 * The top-level category of an item: the root of its first category's path in the category list, or the
 * category itself when the list is not at hand (e.g. offline before it was ever loaded).
 */
function rootCategory(item: Pick<Item, 'itemCategories'>, byId: Map<number, Category>): Category | null {
  const first = item.itemCategories?.[0]?.category;
  if (!first) return null;
  let current: Category = byId.get(first.id) ?? first;
  for (let depth = 0; depth < 10 && current.parentCategoryId !== null; depth += 1) {
    const parent = byId.get(current.parentCategoryId);
    if (!parent) break;
    current = parent;
  }
  return current;
}

/** Which store section an item belongs to, from its top-level category's name (then its own name). */
export function aisleOf(item: Pick<Item, 'itemCategories' | 'name'>, categories: readonly Category[]): AisleId {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const names = [rootCategory(item, byId)?.name, ...(item.itemCategories ?? []).map((c) => c.category.name)];
  for (const name of names) {
    if (!name) continue;
    const aisle = AISLES.find((a) => a.match.test(name));
    if (aisle) return aisle.id;
  }
  return OTHER_AISLE.id;
}

/** Cart lines grouped by store section in walking order; empty sections are left out, lines keep cart order. */
export function groupByAisle<T extends Pick<Item, 'itemCategories' | 'name'>>(lines: readonly T[], categories: readonly Category[]): Aisle<T>[] {
  const groups = new Map<AisleId, T[]>();
  for (const line of lines) {
    const id = aisleOf(line, categories);
    groups.set(id, [...(groups.get(id) ?? []), line]);
  }
  return [...AISLES, OTHER_AISLE]
    .filter((a) => groups.has(a.id))
    .map((a) => ({ id: a.id, name: a.name, lines: groups.get(a.id) ?? [] }));
}

/** Ticked-off lines are kept per cart in this browser. */
export const ticksKey = (cartId: string) => `hintakori.shoppingList.${cartId}`;

export function readTicks(cartId: string): number[] {
  const stored = readJson<unknown>(ticksKey(cartId), []);
  return Array.isArray(stored) ? stored.filter((id): id is number => typeof id === 'number') : [];
}

export function writeTicks(cartId: string, ticked: readonly number[]): void {
  writeJson(ticksKey(cartId), ticked);
}
