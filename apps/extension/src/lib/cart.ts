/** The parts of `GET /api/shoppingCarts/{id}?storeIds=` the checklist uses. Money is integer cents. */
export interface ApiCart {
  id: string;
  items: { item: ApiItem; quantity: number }[];
}

export interface ApiItem {
  id: number;
  name: string;
  urlSlug: string;
  pictureUrl: string | null;
  brandName: string | null;
  ean?: string | null;
  storeItems: { storeId: number; price: number | null }[];
}

export interface ChecklistLine {
  itemId: number;
  name: string;
  quantity: number;
  /** Price of one in the chosen store, null when the store has no price for it. */
  unitPrice: number | null;
  pictureUrl: string | null;
  /** What to search the shop for: the EAN when the item has one, else its name. */
  searchTerm: string;
}

/** One checklist line per cart line, with the chosen store's price. */
export function checklistLines(cart: ApiCart, storeId: number, baseUrl: string): ChecklistLine[] {
  return cart.items.map(({ item, quantity }) => {
    const price = item.storeItems.find((s) => s.storeId === storeId)?.price ?? null;
    const ean = item.ean?.trim();
    return {
      itemId: item.id,
      name: item.name,
      quantity,
      unitPrice: price,
      pictureUrl: item.pictureUrl ? absoluteUrl(item.pictureUrl, baseUrl) : null,
      searchTerm: ean ? ean : item.name,
    };
  });
}

/** Sum of quantity × price over the lines that have a price, and how many lack one. */
export function checklistTotal(lines: ChecklistLine[]): { total: number; missing: number } {
  let total = 0;
  let missing = 0;
  for (const line of lines) {
    if (line.unitPrice === null) missing++;
    else total += line.unitPrice * line.quantity;
  }
  return { total, missing };
}

/** '3/12 lisätty': how many of the cart's lines are ticked. */
export function progressText(lines: ChecklistLine[], checked: ReadonlySet<number>): string {
  const done = lines.filter((l) => checked.has(l.itemId)).length;
  return `${done}/${lines.length} lisätty`;
}

/** Cents as Finnish euros: 1234 → '12,34 €', null → '--'. */
export function formatPrice(cents: number | null): string {
  if (cents === null || !Number.isFinite(cents)) return '--';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} €`;
}

function absoluteUrl(url: string, baseUrl: string): string | null {
  try {
    const resolved = new URL(url, baseUrl);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}
