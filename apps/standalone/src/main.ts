// Telemetry first: the OpenTelemetry SDK must load before Nest, pg and ioredis to instrument them.
import '@hintakori/platform-telemetry/register';
import 'reflect-metadata';
import { orExit } from '@hintakori/platform-config';
import { Logger } from '@nestjs/common';
import { loadStandaloneConfig, startStandalone } from './host';

async function main(): Promise<void> {
  const config = orExit(() => loadStandaloneConfig(process.env));
  const started = Date.now();
  const host = await startStandalone(config);
  new Logger('standalone').log(`Hintakori is running on ${host.url} (API ${host.url}/api, docs ${host.url}/api/docs) — started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    new Logger('standalone').log(`${signal}: shutting down`);
    await host.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
