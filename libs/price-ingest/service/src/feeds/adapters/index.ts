import type { SourceAdapter } from '../feed-record';
import { GenericAdapter } from './generic.adapter';
import { KGroupAdapter } from './k-group.adapter';
import { LidlAdapter } from './lidl.adapter';
import { SGroupAdapter } from './s-group.adapter';
import { OpenFoodFactsAdapter } from '../../sources/open-food-facts/open-food-facts.adapter';
import { OpenPricesAdapter } from '../../sources/open-prices/open-prices.adapter';
import { OsmAdapter } from '../../sources/osm/osm.adapter';
import { KRuokaAdapter } from '../../sources/k-ruoka/k-ruoka.adapter';
import { LidlPullAdapter } from '../../sources/lidl/lidl-pull.adapter';
import { SKaupatAdapter } from '../../sources/s-kaupat/s-kaupat.adapter';

export { GenericAdapter, splitCsvLine } from './generic.adapter';
export { KGroupAdapter } from './k-group.adapter';
export { LidlAdapter } from './lidl.adapter';
export { SGroupAdapter } from './s-group.adapter';

export const SOURCE_PATTERN = /^(s-group|k-group|lidl|osm|open-food-facts|open-prices|s-kaupat|k-ruoka|(csv|jsonl):[a-z0-9-]{1,40})$/;

/**
 * Whether a Lidl run reads Lidl's own services (its store API and site: no location, or a service's address) rather
 * than a feed file in Lidl's JSON Lines format (a path, or a URL of a `.jsonl` file): both are the source 'lidl'.
 */
export function lidlPulls(location: string): boolean {
  if (location === '') return true;
  if (!/^https?:\/\//i.test(location)) return false;
  return !/\.jsonl(\.gz)?$|\.json$/i.test(new URL(location).pathname);
}

/** Settings of the adapters that take any (from the environment, by the composition root). */
export interface AdapterOptions {
  /** OPEN_PRICES_CATEGORY_EANS: Open Food Facts category tag → the EAN that stands for that loose produce. */
  openPricesCategoryEans?: Record<string, string>;
  /** INGEST_OSM_EXCEPTION_DAYS: days ahead whose opening hours differ from the regular week are sent as exceptions (default 21). */
  osmExceptionDays?: number;
  /** The clock of the adapters that date what they keep (hours, offers, reports): a test pins it to its fixtures' day. */
  now?: () => Date;
}

/**
 * The adapter of a source id: 's-group', 'k-group', 'lidl', 'csv:<name>' or 'jsonl:<name>' (feed files), or a pull
 * source ('osm', 'open-food-facts', 'open-prices', 's-kaupat', 'k-ruoka', and 'lidl' when `location` is Lidl's own).
 */
export function adapterFor(source: string, options: AdapterOptions = {}, location = '-'): SourceAdapter {
  if (source === 's-kaupat') return new SKaupatAdapter({ now: options.now });
  if (source === 'k-ruoka') return new KRuokaAdapter();
  if (source === 'lidl' && lidlPulls(location)) return new LidlPullAdapter({ now: options.now });
  if (source === 'open-prices') return new OpenPricesAdapter({ categoryEans: options.openPricesCategoryEans, now: options.now });
  if (source === 'open-food-facts') return new OpenFoodFactsAdapter();
  if (source === 'osm') return new OsmAdapter({ exceptionDays: options.osmExceptionDays, now: options.now });
  if (source === 's-group') return new SGroupAdapter();
  if (source === 'k-group') return new KGroupAdapter();
  if (source === 'lidl') return new LidlAdapter();
  const match = /^(csv|jsonl):([a-z0-9-]{1,40})$/.exec(source);
  if (match) return new GenericAdapter(source, match[1] as 'csv' | 'jsonl');
  throw new Error(`Unknown source "${source}": use s-group, k-group, lidl, osm, open-food-facts, open-prices, s-kaupat, k-ruoka, csv:<name> or jsonl:<name>`);
}
