import { ConfigError } from '@hintakori/platform-config';
import { loadIngestAppConfig } from './ingest-config';

describe('loadIngestAppConfig', () => {
  it('on demo data schedules no feed; the defaults of the workers and the demo feed', () => {
    const config = loadIngestAppConfig({});
    expect(config.profile).toBe('standalone');
    expect(config.ingest.feeds).toEqual([]);
    expect(config.ingest).toMatchObject({ schedule: '0 5,11,17,23 * * *', workerConcurrency: 1, jobAttempts: 5, backoffMs: 30000, runWorkers: true, demoViaFeed: true, demoFeedSize: 'small' });
    expect(loadIngestAppConfig({ HINTAKORI_PROFILE: 'distributed', DATABASE_URL: 'postgres://u:p@h/db', KAFKA_BROKERS: 'a:1', REDIS_URL: 'redis://h' }).ingest.runWorkers).toBe(false);
  });

  it('HINTAKORI_DATA=real schedules the three open-data sources, from one base URL when given', () => {
    const real = loadIngestAppConfig({ HINTAKORI_DATA: 'real' });
    expect(real.dataDir).toBe('.data/real');
    expect(real.ingest.feeds.map((f) => [f.source, f.location, f.schedule])).toEqual([
      ['osm', '', '0 3 * * 1'],
      ['open-prices', '', '15 * * * *'],
      ['open-food-facts', '', '30 2 * * *'],
    ]);
    expect(real.ingest.openData.openFoodFactsUrl).toBe('https://world.openfoodfacts.org');

    const local = loadIngestAppConfig({ HINTAKORI_DATA: 'real', OPEN_DATA_URL: 'http://127.0.0.1:8390/' });
    expect(local.ingest.feeds.map((f) => f.location)).toEqual(['http://127.0.0.1:8390/api/interpreter', 'http://127.0.0.1:8390', 'http://127.0.0.1:8390']);
    expect(local.ingest.openData.openFoodFactsUrl).toBe('http://127.0.0.1:8390');

    // An explicit feed list wins.
    expect(loadIngestAppConfig({ HINTAKORI_DATA: 'real', INGEST_FEEDS: 'osm' }).ingest.feeds.map((f) => f.source)).toEqual(['osm']);
  });

  it('names every bad value, the platform’s and the ingest ones together', () => {
    const load = () => loadIngestAppConfig({ PORT: 'abc', INGEST_FEEDS: 'nowhere', DEMO_FEED_SIZE: 'huge' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT must be an integer[\s\S]*INGEST_FEEDS entry "nowhere"[\s\S]*DEMO_FEED_SIZE must be tiny, small or finland, got "huge"/);
  });

  it('the feed limits: a longest line of 1 MiB and a .gz feed of 2 GiB decompressed by default, each bad value named', () => {
    expect(loadIngestAppConfig({}).ingest.feedLimits).toEqual({ maxLineBytes: 1048576, maxGzBytes: 2147483648, maxGzBytesBulk: 200 * 2147483648 / 2 });
    expect(loadIngestAppConfig({ INGEST_MAX_LINE_BYTES: '65536', INGEST_MAX_GZ_BYTES: '10485760' }).ingest.feedLimits).toMatchObject({ maxLineBytes: 65536, maxGzBytes: 10485760 });
    const load = () => loadIngestAppConfig({ INGEST_MAX_LINE_BYTES: '10', INGEST_MAX_GZ_BYTES: 'lots', INGEST_MAX_GZ_BYTES_BULK: '-1' });
    expect(load).toThrow(/INGEST_MAX_LINE_BYTES must be an integer between 4096 and [\s\S]*INGEST_MAX_GZ_BYTES must be an integer[\s\S]*INGEST_MAX_GZ_BYTES_BULK must be an integer/);
  });

  it('the chain sources\' hourly request budgets: defaults under one a second, each bad value named', () => {
    expect(loadIngestAppConfig({}).ingest.requestBudgets).toEqual({ 's-kaupat': 3000, 'k-ruoka': 3000, lidl: 600 });
    expect(loadIngestAppConfig({ INGEST_BUDGET_S_KAUPAT: '1200', INGEST_BUDGET_LIDL: '60' }).ingest.requestBudgets).toEqual({ 's-kaupat': 1200, 'k-ruoka': 3000, lidl: 60 });
    const load = () => loadIngestAppConfig({ INGEST_BUDGET_S_KAUPAT: 'lots', INGEST_BUDGET_K_RUOKA: '3601', INGEST_BUDGET_LIDL: '0' });
    expect(load).toThrow(
      /INGEST_BUDGET_S_KAUPAT must be an integer between 1 and 3600, got "lots"[\s\S]*INGEST_BUDGET_K_RUOKA must be an integer between 1 and 3600, got "3601"[\s\S]*INGEST_BUDGET_LIDL must be an integer between 1 and 3600, got "0"/,
    );
  });

  it('each pull source\'s shared request rate: the defaults, a fraction below one or a whole number, each bad value named', () => {
    const defaults = loadIngestAppConfig({}).ingest.openData;
    expect(defaults.requestRates).toEqual({ 's-kaupat': 0.5, 'k-ruoka': 0.5, lidl: 0.5, osm: 1 / 60, 'open-prices': 0.5, 'open-food-facts': 0.25 });
    // Unset, a rate spares only the public services: a stand-in on this machine is not held to it.
    expect(defaults.requestRatesOnLoopback).toEqual([]);
    const set = loadIngestAppConfig({ INGEST_RATE_S_KAUPAT: '1', INGEST_RATE_LIDL: '20', INGEST_RATE_OSM: '0.01' }).ingest.openData;
    expect(set.requestRates).toMatchObject({ 's-kaupat': 1, lidl: 20, osm: 0.01, 'k-ruoka': 0.5 });
    expect(set.requestRatesOnLoopback).toEqual(['s-kaupat', 'lidl', 'osm']);
    const load = () => loadIngestAppConfig({ INGEST_RATE_S_KAUPAT: 'fast', INGEST_RATE_K_RUOKA: '1.5', INGEST_RATE_LIDL: '0', INGEST_RATE_OPEN_PRICES: '101' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      /INGEST_RATE_S_KAUPAT must be requests a second: a fraction below 1 \(0.5 = one every 2 s\) or a whole number from 1 to 100, got "fast"[\s\S]*INGEST_RATE_K_RUOKA .* got "1.5"[\s\S]*INGEST_RATE_LIDL .* got "0"[\s\S]*INGEST_RATE_OPEN_PRICES .* got "101"/,
    );
  });

  it('overrides replace settings read from the environment (a CLI schedules no feed)', () => {
    expect(loadIngestAppConfig({ INGEST_FEEDS: 's-group=/tmp/s.jsonl' }, {}, { feeds: [] }).ingest.feeds).toEqual([]);
  });

  it('runs a chain’s web shop on a schedule only where the operator enabled it (INGEST_CHAIN_SOURCES), hourly by default', () => {
    expect(loadIngestAppConfig({ HINTAKORI_DATA: 'real' }).ingest.chainSources).toEqual([]);
    const enabled = loadIngestAppConfig({ INGEST_CHAIN_SOURCES: 's-kaupat, lidl=https://lidl.example' });
    expect(enabled.ingest.chainSources).toEqual(['s-kaupat', 'lidl']);
    expect(enabled.ingest.feeds).toEqual([
      { source: 's-kaupat', location: '', schedule: '40 * * * *' },
      { source: 'lidl', location: 'https://lidl.example', schedule: '40 * * * *' },
    ]);
    // On real data with the local stand-ins, every enabled chain source is taken from them too.
    const local = loadIngestAppConfig({ HINTAKORI_DATA: 'real', OPEN_DATA_URL: 'http://127.0.0.1:8390', INGEST_CHAIN_SOURCES: 's-kaupat,k-ruoka,lidl' });
    expect(local.ingest.feeds.filter((f) => local.ingest.chainSources.includes(f.source)).map((f) => f.location)).toEqual([
      'http://127.0.0.1:8390',
      'http://127.0.0.1:8390',
      'http://127.0.0.1:8390',
    ]);
    expect(() => loadIngestAppConfig({ INGEST_CHAIN_SOURCES: 'tokmanni,k-ruoka=ftp://x,lidl,lidl' })).toThrow(
      /INGEST_CHAIN_SOURCES entry "tokmanni" must be one of s-kaupat, k-ruoka, lidl[\s\S]*"k-ruoka=ftp:\/\/x" must give an http\(s\) URL[\s\S]*names lidl twice/,
    );
    // A chain's shop cannot be slipped in through INGEST_FEEDS.
    expect(() => loadIngestAppConfig({ INGEST_FEEDS: 'k-ruoka' })).toThrow(/k-ruoka is a chain's web shop, scheduled only when enabled in INGEST_CHAIN_SOURCES/);
  });
});
