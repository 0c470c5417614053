import type { DataSource } from 'typeorm';
import type { AdapterOptions } from '../feeds/adapters';
import { RecordError } from '../feeds/values';
import type { OpenDataWiring } from '../runs/feed-runner';
import { PostgresHttpCache } from './http/http-cache';
import { hintakoriUserAgent, isLoopbackHost, PoliteHttp, type RateLimit } from './http/polite-http';
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
}

/** Each service's asked-for rates, keyed on the hosts of their public endpoints and of the configured Open Food Facts. */
export function openDataRates(openFoodFactsUrl: string | null): Record<string, RateLimit> {
  const prices = new URL(OPEN_PRICES_URL).host;
  return {
    ...openFoodFactsRates(OPEN_FOOD_FACTS_URL),
    // A stand-in on this machine keeps the loopback rate.
    ...(openFoodFactsUrl && !isLoopbackHost(new URL(openFoodFactsUrl).hostname) ? openFoodFactsRates(openFoodFactsUrl) : {}),
    [`${prices}#prices`]: { perMinute: OPEN_PRICES_RATES.prices.requestsPerMinute },
    // The public Overpass instance: two query slots per address and heavy national queries; one query a minute at most.
    'overpass-api.de': { perMinute: 1 },
    // The chains' web shops: no published limit; one request every two seconds, half the brief's ceiling of one a second.
    ...S_KAUPAT_RATES,
    ...K_RUOKA_RATES,
    ...LIDL_RATES,
  };
}

/**
 * One polite client per process (the rates hold per client), its answers cached in `ingest.http_cache`, and the
 * Open Food Facts look-up an Open Prices run uses for EANs the catalog lacks (a product Open Food Facts has but that
 * cannot be used — no name, a wrong check digit — counts as not found, so the price's own product data is used).
 */
export function createOpenDataWiring(dataSource: DataSource, settings: OpenDataSettings): OpenDataWiring {
  const http = new PoliteHttp({
    userAgent: hintakoriUserAgent(settings.version ?? '0.1', settings.contact),
    rates: openDataRates(settings.openFoodFactsUrl),
    // A stand-in on this machine (tests, trying the import locally) is not a public service to spare.
    loopbackPerMinute: 6000,
    cache: new PostgresHttpCache(dataSource),
  });
  const adapterOptions: AdapterOptions = {
    openPricesCategoryEans: parseCategoryEans(settings.openPricesCategoryEans),
    osmExceptionDays: settings.osmExceptionDays,
  };
  const offUrl = settings.openFoodFactsUrl;
  return {
    http,
    adapterOptions,
    lookupOpenFoodFacts: async (ean) => {
      if (!offUrl) return null;
      try {
        return await lookupOffProduct(http, offUrl, ean);
      } catch (error) {
        if (error instanceof RecordError) return null;
        throw error;
      }
    },
  };
}
