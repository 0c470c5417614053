import { readTelemetryConfig, TelemetryConfigError } from './telemetry-config';

describe('the telemetry preload configuration', () => {
  it('defaults to the app’s metrics port, text logs and no OTLP export', () => {
    expect(readTelemetryConfig('gateway', {})).toEqual({
      enabled: true,
      serviceName: 'hintakori-gateway',
      otlp: false,
      sdkDebug: false,
      logFormat: 'text',
      logLevel: 'log',
      metricsPort: 9464,
      version: '0.1.0',
    });
    expect(readTelemetryConfig('no-such-app', {}).metricsPort).toBeUndefined();
  });

  it('reads every telemetry variable', () => {
    expect(
      readTelemetryConfig('catalog', {
        OTEL_SDK_DISABLED: 'true',
        OTEL_SERVICE_NAME: 'catalog-eu',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_LOG_LEVEL: 'DEBUG',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
        METRICS_PORT: '9100',
      }),
    ).toMatchObject({ enabled: false, serviceName: 'catalog-eu', otlp: true, sdkDebug: true, logFormat: 'json', logLevel: 'warn', metricsPort: 9100 });
    expect(readTelemetryConfig('catalog', { METRICS_PORT: '0' }).metricsPort).toBeUndefined();
    expect(readTelemetryConfig('catalog', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otel.example/v1/traces' }).otlp).toBe(true);
  });

  it('stops the boot on a bad value, naming each variable', () => {
    const read = () => readTelemetryConfig('gateway', { METRICS_PORT: '70000', LOG_FORMAT: 'yaml', LOG_LEVEL: 'verbose', OTEL_SDK_DISABLED: 'yes', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    expect(read).toThrow(TelemetryConfigError);
    expect(read).toThrow(/METRICS_PORT must be a port number \(1-65535\) or 0 to turn the metrics server off; got "70000"/);
    expect(read).toThrow(/LOG_FORMAT must be text or json, got "yaml"/);
    expect(read).toThrow(/LOG_LEVEL must be error, warn, log or debug, got "verbose"/);
    expect(read).toThrow(/OTEL_SDK_DISABLED must be true or false, got "yes"/);
    expect(read).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL, got "collector:4318"/);
  });
});
