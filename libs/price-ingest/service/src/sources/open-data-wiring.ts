import type { DataSource } from 'typeorm';
import type { AdapterOptions } from '../feeds/adapters';
import { RecordError } from '../feeds/values';
import type { OpenDataWiring } from '../runs/feed-runner';
import { PostgresHttpCache } from './http/http-cache';
import { hintakoriUserAgent, isLoopbackHost, PoliteHttp, type RateLimit } from './http/polite-http';
import { InProcessRateLimiter, type SourceRateLimiter } from './http/source-rate-limiter';
import { forSource } from './source-http';
import { lookupOffProduct, OPEN_FOOD_FACTS_URL } from './open-food-facts/off-product';
import { openFoodFactsRates } from './open-food-facts/open-food-facts.adapter';
import { parseCategoryEans } from './open-prices/open-prices.records';
import { OPEN_PRICES_RATES, OPEN_PRICES_URL } from './open-prices/open-prices.adapter';
import { K_RUOKA_RATES } from './k-ruoka/k-ruoka.adapter';
import { LIDL_RATES } from './lidl/lidl-pull.adapter';
import { S_KAUPAT_RATES } from './s-kaupat/s-kaupat.adapter';

export interface OpenDataSettings {
  /** OPEN_FOOD_FACTS_URL; null: an Open Prices run looks nothing up. */
  openFoodFactsUrl: string | null;
  /** INGEST_CONTACT: the address in the User-Agent; unset: DEFAULT_CONTACT. */
  contact: string | undefined;
  /** OPEN_PRICES_CATEGORY_EANS, e.g. `en:bananas=2000000000015`. */
  openPricesCategoryEans: string;
  /** Days of dated opening-hour exceptions an OSM run sends (default 21). */
  osmExceptionDays?: number;
  /** Hintakori's version for the User-Agent. */
  version?: string;
  /** INGEST_RATE_<SOURCE>: requests a second of each pull source, every worker together (IngestConfig.openData.requestRates). */
  requestRates?: Record<string, number>;
  /** Sources whose rate was set (INGEST_RATE_<SOURCE>): it holds for a stand-in on this machine too. */
  requestRatesOnLoopback?: string[];
}

/**
 * Each service's asked-for rates in this process, keyed on the hosts of their public endpoints and of the configured
 * Open Food Facts; where a source's shared rate (INGEST_RATE_<SOURCE>) is given, its public hosts' spacing is that rate
 * (the shared limiter holds it across the processes).
 */
export function openDataRates(openFoodFactsUrl: string | null, requestRates: Record<string, number> = {}): Record<string, RateLimit> {
  const prices = new URL(OPEN_PRICES_URL).host;
  const shared = (source: string, hosts: Record<string, RateLimit>): Record<string, RateLimit> => {
    const rate = requestRates[source];
    return rate === undefined ? hosts : Object.fromEntries(Object.entries(hosts).map(([host, limit]) => [host, { ...limit, perMinute: rate * 60 }]));
  };
  return {
    ...openFoodFactsRates(OPEN_FOOD_FACTS_URL),
    // A stand-in on this machine keeps the loopback rate.
    ...(openFoodFactsUrl && !isLoopbackHost(new URL(openFoodFactsUrl).hostname) ? openFoodFactsRates(openFoodFactsUrl) : {}),
    ...shared('open-prices', { [`${prices}#prices`]: { perMinute: OPEN_PRICES_RATES.prices.requestsPerMinute } }),
    // The public Overpass instance: two query slots per address and heavy national queries; one query a minute at most.
    ...shared('osm', { 'overpass-api.de': { perMinute: 1 } }),
    // The chains' web shops: no published limit; one request every two seconds, half the brief's ceiling of one a second.
    ...shared('s-kaupat', S_KAUPAT_RATES),
    ...shared('k-ruoka', K_RUOKA_RATES),
    ...shared('lidl', LIDL_RATES),
  };
}

/**
 * One polite client per process (the per-host spacing holds per client; each source's rate through `limiter`, shared
 * by every worker in the distributed profile: createSourceRateLimiter), its answers cached in `ingest.http_cache`, and
 * the Open Food Facts look-up an Open Prices run uses for EANs the catalog lacks (a product Open Food Facts has but that
 * cannot be used — no name, a wrong check digit — counts as not found, so the price's own product data is used).
 * Without a limiter, one of this process with the settings' rates.
 */
export function createOpenDataWiring(dataSource: DataSource, settings: OpenDataSettings, limiter?: SourceRateLimiter): OpenDataWiring {
  const http = new PoliteHttp({
    userAgent: hintakoriUserAgent(settings.version ?? '0.1', settings.contact),
    rates: openDataRates(settings.openFoodFactsUrl, settings.requestRates),
    limiter: limiter ?? new InProcessRateLimiter({ rates: settings.requestRates ?? {} }),
    limitedOnLoopback: settings.requestRatesOnLoopback,
    // A stand-in on this machine (tests, trying the import locally) is not a public service to spare.
    loopbackPerMinute: 6000,
    cache: new PostgresHttpCache(dataSource),
  });
  const adapterOptions: AdapterOptions = {
    openPricesCategoryEans: parseCategoryEans(settings.openPricesCategoryEans),
    osmExceptionDays: settings.osmExceptionDays,
  };
  const offUrl = settings.openFoodFactsUrl;
  // A run's requests name its source (the feed runner's forSource); the look-ups of any run are Open Food Facts'.
  const offHttp = forSource(http, 'open-food-facts');
  return {
    http,
    adapterOptions,
    lookupOpenFoodFacts: async (ean) => {
      if (!offUrl) return null;
      try {
        return await lookupOffProduct(offHttp, offUrl, ean);
      } catch (error) {
        if (error instanceof RecordError) return null;
        throw error;
      }
    },
  };
}
