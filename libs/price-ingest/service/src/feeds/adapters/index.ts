import type { SourceAdapter } from '../feed-record';
import { GenericAdapter } from './generic.adapter';
import { KGroupAdapter } from './k-group.adapter';
import { LidlAdapter } from './lidl.adapter';
import { SGroupAdapter } from './s-group.adapter';
import { OpenFoodFactsAdapter } from '../../sources/open-food-facts/open-food-facts.adapter';
import { OpenPricesAdapter } from '../../sources/open-prices/open-prices.adapter';
import { OsmAdapter } from '../../sources/osm/osm.adapter';

export { GenericAdapter, splitCsvLine } from './generic.adapter';
export { KGroupAdapter } from './k-group.adapter';
export { LidlAdapter } from './lidl.adapter';
export { SGroupAdapter } from './s-group.adapter';

export const SOURCE_PATTERN = /^(s-group|k-group|lidl|osm|open-food-facts|open-prices|(csv|jsonl):[a-z0-9-]{1,40})$/;

/** Settings of the adapters that take any (from the environment, by the composition root). */
export interface AdapterOptions {
  /** OPEN_PRICES_CATEGORY_EANS: Open Food Facts category tag → the EAN that stands for that loose produce. */
  openPricesCategoryEans?: Record<string, string>;
  /** INGEST_OSM_EXCEPTION_DAYS: days ahead whose opening hours differ from the regular week are sent as exceptions (default 21). */
  osmExceptionDays?: number;
}

/** The adapter of a source id: 's-group', 'k-group', 'lidl', 'csv:<name>' or 'jsonl:<name>'. */
export function adapterFor(source: string, options: AdapterOptions = {}): SourceAdapter {
  if (source === 'open-prices') return new OpenPricesAdapter({ categoryEans: options.openPricesCategoryEans });
  if (source === 'open-food-facts') return new OpenFoodFactsAdapter();
  if (source === 'osm') return new OsmAdapter({ exceptionDays: options.osmExceptionDays });
  if (source === 's-group') return new SGroupAdapter();
  if (source === 'k-group') return new KGroupAdapter();
  if (source === 'lidl') return new LidlAdapter();
  const match = /^(csv|jsonl):([a-z0-9-]{1,40})$/.exec(source);
  if (match) return new GenericAdapter(source, match[1] as 'csv' | 'jsonl');
  throw new Error(`Unknown source "${source}": use s-group, k-group, lidl, csv:<name> or jsonl:<name>`);
}
