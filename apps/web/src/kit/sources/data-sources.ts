import { dataSource, SHOPPERS_SOURCE_ID } from '@hintakori/shared-util';
import { formatFinnishDate, helsinkiParts } from '@hintakori/web-util';
import type { FieldSource, StoreItem, StoreType } from '../../app/models';

/** The page that names every source, its licence and the attribution it asks for. */
export const DATA_SOURCES_PATH = '/tietoa/lahteet';

/** The calendar day of an instant in Finland, e.g. '20.11.2026'; '' for an unreadable date. */
export function helsinkiDate(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? '' : formatFinnishDate(helsinkiParts(t).date);
}

/** The web shop a shopper saw a price in, by the store's group: the extension reads only these two shops. */
const SHOPPER_SHOPS: Readonly<Record<string, string>> = { S: 'S-kaupat', K: 'K-Ruoka' };

/**
 * Where a store's price came from, e.g. 'Lähde: Open Prices, käyttäjän ilmoitus 20.11.2026',
 * 'Lähde: S-ryhmä, ketjun hintatieto 26.11.2026' or, for a price a shopper shared from a web shop (the shop is the
 * store's group's: `storeType`), 'Lähde: käyttäjän havainto S-kaupat-verkkokaupasta 1.12.2026'; null for an
 * estimate, a missing price or a price without a source.
 */
export function priceSourceText(
  storeItem: Pick<StoreItem, 'price' | 'isEstimated' | 'updatedAt' | 'source'>,
  storeType?: StoreType | string,
): string | null {
  if (storeItem.isEstimated || storeItem.price === null || !storeItem.source) return null;
  const source = dataSource(storeItem.source);
  const day = storeItem.updatedAt ? helsinkiDate(storeItem.updatedAt) : '';
  if (source.id === SHOPPERS_SOURCE_ID) {
    // A store outside the two groups (or not among the chosen ones) still gets a line, without the shop's name.
    const shop = storeType ? SHOPPER_SHOPS[storeType] : undefined;
    return ['Lähde:', source.priceKind, shop ? `${shop}-verkkokaupasta` : 'verkkokaupasta', day].filter(Boolean).join(' ');
  }
  const kind = [source.priceKind, day].filter(Boolean).join(' ');
  return `Lähde: ${[source.name, kind].filter(Boolean).join(', ')}`;
}

/** The names of the open sources among a product's field sources, each once, e.g. ['Open Food Facts']. */
export function openProductSourceNames(fieldSources: readonly FieldSource[] | undefined): string[] {
  const names = new Set<string>();
  for (const { source } of fieldSources ?? []) {
    const info = dataSource(source);
    if (info.open) names.add(info.name);
  }
  return [...names];
}
