import type { AppConfig } from '@hintakori/platform-config';
import { InProcessServer } from '@hintakori/platform-messaging';
import { FeedRunsService, PriceIngestModule, withIngestConfig, type FeedRun } from '@hintakori/price-ingest-service';
import { testConfig } from '@hintakori/testing';
import type { DynamicModule, INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

/** The standalone profile's feed pipeline in a test: the given projection services on the in-process bus, and price-ingest with its workers. */
export interface StandalonePipeline {
  ingest: INestApplicationContext;
  /** The projection services, in the order given. */
  services: INestMicroservice[];
  /** Queues a run of `source` on `location` (`refresh`: as `npm run ingest -- --refresh`) and answers it finished. */
  run(source: string, location: string, options?: { refresh?: boolean }): Promise<FeedRun>;
  close(): Promise<void>;
}

/**
 * Starts the `services` (each built from the test config) on the in-process transport, then price-ingest running its own
 * workers; `now` pins the adapters' clock (the day a test's recorded answers were made, so their dates never go stale).
 */
export async function startStandalonePipeline(
  databaseUrl: string,
  env: Record<string, string>,
  services: (config: AppConfig) => DynamicModule[],
  options: { now?: () => Date } = {},
): Promise<StandalonePipeline> {
  const config = testConfig(databaseUrl, env);
  const apps: INestMicroservice[] = [];
  for (const module of services(config)) {
    const app = await NestFactory.createMicroservice(module, { strategy: new InProcessServer(), logger: ['error', 'warn'] });
    await app.listen();
    apps.push(app);
  }
  const ingest = await NestFactory.createApplicationContext(PriceIngestModule.forRoot(withIngestConfig(config, env, { feeds: [] }), { runWorkers: true, now: options.now }), { logger: ['error'] });
  await ingest.init();
  return {
    ingest,
    services: apps,
    async run(source, location, options) {
      const feeds = ingest.get(FeedRunsService);
      const queued = await feeds.enqueue(source, location, undefined, options);
      const [done] = await feeds.waitFor([queued.id], undefined, 200);
      return done;
    },
    async close() {
      await ingest.close();
      for (const app of apps) await app.close();
    },
  };
}
