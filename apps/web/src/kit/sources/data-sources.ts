import { dataSource } from '@hintakori/shared-util';
import { formatFinnishDate, helsinkiParts } from '@hintakori/web-util';
import type { FieldSource, StoreItem } from '../../app/models';

/** The page that names every source, its licence and the attribution it asks for. */
export const DATA_SOURCES_PATH = '/tietoa/lahteet';

/** The calendar day of an instant in Finland, e.g. '20.11.2026'; '' for an unreadable date. */
export function helsinkiDate(iso: string): string {
  const t = new Date(iso);
  return Number.isNaN(t.getTime()) ? '' : formatFinnishDate(helsinkiParts(t).date);
}

/**
 * Where a store's price came from, e.g. 'Lähde: Open Prices, käyttäjän ilmoitus 20.11.2026' or
 * 'Lähde: S-ryhmä, ketjun hintatieto 26.11.2026'; null for an estimate, a missing price or a price without a source.
 */
export function priceSourceText(storeItem: Pick<StoreItem, 'price' | 'isEstimated' | 'updatedAt' | 'source'>): string | null {
  if (storeItem.isEstimated || storeItem.price === null || !storeItem.source) return null;
  const source = dataSource(storeItem.source);
  const day = storeItem.updatedAt ? helsinkiDate(storeItem.updatedAt) : '';
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
