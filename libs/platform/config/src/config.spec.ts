import { ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('defaults to the standalone profile on port 3000', () => {
    const config = loadConfig({});
    expect(config.profile).toBe('standalone');
    expect(config.port).toBe(3000);
    expect(config.seedDemoData).toBe(true);
  });

  it('lists every missing dependency of the distributed profile', () => {
    expect(() => loadConfig({ HINTAKORI_PROFILE: 'distributed' })).toThrow(ConfigError);
    try {
      loadConfig({ HINTAKORI_PROFILE: 'distributed' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('KAFKA_BROKERS');
      expect(message).toContain('REDIS_URL');
    }
  });

  it('rejects a non-numeric port and an unknown profile with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ HINTAKORI_PROFILE: 'cloud' })).toThrow(/HINTAKORI_PROFILE/);
  });

  it('parses a comma-separated broker list', () => {
    const config = loadConfig({
      HINTAKORI_PROFILE: 'distributed',
      DATABASE_URL: 'postgres://u:p@localhost:5432/db',
      KAFKA_BROKERS: 'a:9092, b:9093',
      REDIS_URL: 'redis://localhost:6379',
    });
    expect(config.kafkaBrokers).toEqual(['a:9092', 'b:9093']);
  });

  it('HINTAKORI_DATA=real: a data directory of its own and the three open-data sources scheduled, from one base URL when given', () => {
    const demo = loadConfig({});
    expect(demo.data).toBe('demo');
    expect(demo.dataDir).toBe('.data');
    expect(demo.ingest.feeds).toEqual([]);

    const real = loadConfig({ HINTAKORI_DATA: 'real' });
    expect(real.dataDir).toBe('.data/real');
    expect(real.ingest.feeds.map((f) => [f.source, f.location, f.schedule])).toEqual([
      ['osm', '', '0 3 * * 1'],
      ['open-prices', '', '15 * * * *'],
      ['open-food-facts', '', '30 2 * * *'],
    ]);
    expect(real.ingest.openData.openFoodFactsUrl).toBe('https://world.openfoodfacts.org');

    const local = loadConfig({ HINTAKORI_DATA: 'real', OPEN_DATA_URL: 'http://127.0.0.1:8390/' });
    expect(local.ingest.feeds.map((f) => f.location)).toEqual(['http://127.0.0.1:8390/api/interpreter', 'http://127.0.0.1:8390', 'http://127.0.0.1:8390']);
    expect(local.ingest.openData.openFoodFactsUrl).toBe('http://127.0.0.1:8390');

    // An explicit feed list wins; a wrong value is named.
    expect(loadConfig({ HINTAKORI_DATA: 'real', INGEST_FEEDS: 'osm' }).ingest.feeds.map((f) => f.source)).toEqual(['osm']);
    expect(() => loadConfig({ HINTAKORI_DATA: 'oikea' })).toThrow(/HINTAKORI_DATA must be one of demo, real, got "oikea"/);
  });
});
