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

  it("reads the gateway's rate limit, cookie flag and the embedded database's port, and stops on a bad value naming it", () => {
    expect(loadConfig({})).toMatchObject({ rateLimitPerMinute: 1200, cookieSecure: false, embeddedPgPort: 54329 });
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0', COOKIE_SECURE: 'true', PG_PORT: '54400' })).toMatchObject({ rateLimitPerMinute: 0, cookieSecure: true, embeddedPgPort: 54400 });
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: 'abc' })).toThrow(/RATE_LIMIT_PER_MINUTE must be an integer/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ COOKIE_SECURE: 'sometimes' })).toThrow(/COOKIE_SECURE must be true or false/);
    expect(() => loadConfig({ PG_PORT: 'x' })).toThrow(/PG_PORT/);
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

  it('HINTAKORI_DATA=real: a data directory of its own; a wrong value is named', () => {
    expect(loadConfig({}).data).toBe('demo');
    expect(loadConfig({}).dataDir).toBe('.data');
    expect(loadConfig({ HINTAKORI_DATA: 'real' }).dataDir).toBe('.data/real');
    expect(() => loadConfig({ HINTAKORI_DATA: 'oikea' })).toThrow(/HINTAKORI_DATA must be one of demo, real, got "oikea"/);
  });

  it('the queue prefix (INGEST_QUEUE_PREFIX) is a lower-case identifier, default hintakori', () => {
    expect(loadConfig({}).queuePrefix).toBe('hintakori');
    expect(loadConfig({ INGEST_QUEUE_PREFIX: 'hintakori_finland' }).queuePrefix).toBe('hintakori_finland');
    expect(() => loadConfig({ INGEST_QUEUE_PREFIX: 'Bad-Prefix' })).toThrow(/INGEST_QUEUE_PREFIX must be a lower-case identifier/);
  });
});
