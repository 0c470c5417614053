import { ConfigError, type Env, loadConfig } from '@hintakori/platform-config';
import { readTelemetryConfig } from '@hintakori/platform-telemetry';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadStandaloneConfig, STANDALONE_CONFIG_SECTIONS } from './host';

/**
 * The README's configuration table against the config the apps read at boot (the platform's AppConfig and the
 * gateway's, alerts' and price-ingest's sections, which the standalone process reads all of): every variable the
 * table names is read by the config, and every variable the config reads is in the table.
 */
const README = readFileSync(path.resolve(__dirname, '../../../README.md'), 'utf8');

/** The backticked names in the first column of the table under "## Configuration". */
function documentedVariables(): Set<string> {
  const section = README.slice(README.indexOf('## Configuration'));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  expect(rows.length).toBeGreaterThan(10);
  return new Set(rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])));
}

/** The variables the config reads from an environment holding `values`: every name it looks up, set or not. */
function variablesRead(values: Env): Set<string> {
  const read = new Set<string>();
  const env = new Proxy(values, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  loadConfig(env, {}, STANDALONE_CONFIG_SECTIONS);
  // And the telemetry preload's (libs/platform/telemetry/src/register.ts), read before Nest loads.
  readTelemetryConfig('standalone', env);
  return read;
}

/** The OpenTelemetry SDK's own variables the table names for operators (the SDK reads them itself). */
const SDK_OWN = new Set<string>(['npm_package_version']);

describe('the README configuration table', () => {
  const distributed = { HINTAKORI_PROFILE: 'distributed', DATABASE_URL: 'postgres://x@db:5432/x', KAFKA_BROKERS: 'k:9092', REDIS_URL: 'redis://r:6379', SMTP_URL: 'smtp://m:25' };
  const read = new Set([...variablesRead({}), ...variablesRead(distributed), ...variablesRead({ HINTAKORI_DATA: 'real' })]);
  const documented = documentedVariables();

  it('documents every variable the config reads', () => {
    expect([...read].filter((name) => !documented.has(name) && !SDK_OWN.has(name)).sort()).toEqual([]);
  });

  it('names only variables the config reads', () => {
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
  });
});

describe('a bad value stops the boot naming the variable', () => {
  it.each([
    ['RATE_LIMIT_PER_MINUTE', 'abc', /RATE_LIMIT_PER_MINUTE must be an integer between 0 and 1000000, got "abc"/],
    ['SHUTDOWN_GRACE_MS', 'soon', /SHUTDOWN_GRACE_MS must be an integer between 1000 and 600000, got "soon"/],
    ['FIRST_SCREEN_MAX_RENDERS', '0', /FIRST_SCREEN_MAX_RENDERS must be an integer between 1 and 64, got "0"/],
    ['ADMIN_LOGIN_MAX_FAILURES', 'x', /ADMIN_LOGIN_MAX_FAILURES must be an integer between 1 and 10000, got "x"/],
    ['ALERTS_RUN_WORKERS', 'sometimes', /ALERTS_RUN_WORKERS must be true or false, got "sometimes"/],
    ['INGEST_JOB_ATTEMPTS', '0', /INGEST_JOB_ATTEMPTS must be an integer between 1 and 100, got "0"/],
  ])('%s=%s', (name, value, message) => {
    expect(() => loadStandaloneConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadStandaloneConfig({ [name]: value })).toThrow(message);
  });

  it('names every bad value at once, the platform\'s and the sections\'', () => {
    expect(() => loadStandaloneConfig({ RATE_LIMIT_PER_MINUTE: 'abc', PAGE_RATE_LIMIT_PER_MINUTE: '-1', ALERTS_WINDOW_HOURS: 'x' })).toThrow(
      /RATE_LIMIT_PER_MINUTE[\s\S]*PAGE_RATE_LIMIT_PER_MINUTE[\s\S]*ALERTS_WINDOW_HOURS/,
    );
  });
});
