/**
 * The day the chains' answers in libs/price-ingest/service/fixtures were recorded, at noon Finnish time: S-kaupat's
 * hours run 2026-11-30 … 12-20 and Lidl's week offer 11-30 … 12-06. The tests that replay them read them on that day
 * (PriceIngestOptions.now), whatever today's date is.
 */
export const CHAIN_FIXTURES_DAY = '2026-12-02T12:00:00+02:00';

export const fixturesClock = (): Date => new Date(CHAIN_FIXTURES_DAY);
