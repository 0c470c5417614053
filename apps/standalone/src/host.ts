import { ALERTS_CONFIG_SECTIONS, AlertsModule } from '@hintakori/alerts-service';
import { CartsModule } from '@hintakori/carts-service';
import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { configureGateway, GATEWAY_CONFIG_SECTIONS, GatewayModule } from '@hintakori/gateway-api';
import { type Env, loadConfig, type WithSections } from '@hintakori/platform-config';
import { bootService, BootedService, levels } from '@hintakori/platform-host';
import { InProcessServer, ServiceExceptionFilter } from '@hintakori/platform-messaging';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { FeedRunsService, fillFromOpenData, INGEST_CONFIG_SECTIONS, loadDemoFeeds, PriceIngestModule, type IngestAppConfig, type OpenDataFillStep } from '@hintakori/price-ingest-service';
import { StoresModule } from '@hintakori/stores-service';
import { INestApplication, INestMicroservice, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import path from 'node:path';

/** Every app's own settings in the one process: the gateway's, the alerts service's and price-ingest's. */
export const STANDALONE_CONFIG_SECTIONS = { ...GATEWAY_CONFIG_SECTIONS, ...ALERTS_CONFIG_SECTIONS, ...INGEST_CONFIG_SECTIONS };
export type StandaloneConfig = WithSections<typeof STANDALONE_CONFIG_SECTIONS>;

/** The standalone process's one validated config from `env` (its main passes process.env), in the standalone profile. */
export function loadStandaloneConfig(env: Env): StandaloneConfig {
  return loadConfig({ ...env, HINTAKORI_PROFILE: 'standalone' }, {}, STANDALONE_CONFIG_SECTIONS);
}

export interface StandaloneHost {
  app: INestApplication;
  url: string;
  /** HINTAKORI_DATA=real: the first fill from the open-data sources, running after the site is up (null on demo data). */
  openDataFill: Promise<OpenDataFillStep[]> | null;
  close(): Promise<void>;
}

/** Boots price-ingest on the in-process transport like bootService does, keeping the app to reach its feed runs. */
async function bootPriceIngest(config: IngestAppConfig): Promise<BootedService & { app: INestMicroservice }> {
  const app = await NestFactory.createMicroservice(PriceIngestModule.forRoot(config), { strategy: new InProcessServer(), logger: levels(config) });
  app.useGlobalFilters(new ServiceExceptionFilter());
  await app.listen();
  return { app, close: () => app.close() };
}

/**
 * The standalone profile: embedded PostgreSQL, the six services on the in-process transport,
 * and the gateway — one Node process.
 */
export async function startStandalone(config: StandaloneConfig, options: { pgPort?: number; webRoot?: string } = {}): Promise<StandaloneHost> {
  const logger = new Logger('standalone');
  let pgStop: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    const started = Date.now();
    const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port: options.pgPort ?? config.embeddedPgPort });
    pgStop = pg.stop;
    config = { ...config, databaseUrl: pg.url };
    logger.log(`Embedded PostgreSQL ready in ${Date.now() - started} ms`);
  }
  const services: BootedService[] = [];
  try {
    // Each service boots concurrently. When the demo data comes by a feed run (DEMO_VIA_FEED, the default),
    // the services' own seeders load only what no feed carries (the category tree); otherwise they seed it all.
    // On real data (HINTAKORI_DATA=real) the seeders load only the category tree too, and no demo feed is loaded.
    const real = config.data === 'real';
    const seedFromFeed = config.ingest.demoViaFeed || real;
    services.push(
      ...(await Promise.all([
        bootService('catalog', CatalogModule.forRoot(config, { seedFromFeed }), config),
        bootService('stores', StoresModule.forRoot(config, { seedFromFeed }), config),
        bootService('carts', CartsModule.forRoot(config), config),
        bootService('comparisons', ComparisonsModule.forRoot(config, { seedFromFeed }), config),
        bootService('alerts', AlertsModule.forRoot(config), config),
        bootPriceIngest(config),
      ])),
    );
    const ingest = services[services.length - 1] as BootedService & { app: INestMicroservice };
    if (!real && config.seedDemoData && config.ingest.demoViaFeed) {
      // The demo data arrives the way real prices do: feed files → queue → feed run → events → projections.
      const started = Date.now();
      const runs = await loadDemoFeeds(ingest.app.get(FeedRunsService), {
        dir: path.join(config.dataDir, 'demo-feeds', config.ingest.demoFeedSize),
        size: config.ingest.demoFeedSize,
        log: (line) => logger.log(line),
      });
      if (runs.length > 0) logger.log(`demo feed loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { logger: levels(config), bodyParser: false });
    configureGateway(app, { webRoot: options.webRoot });
    await app.listen(config.port, '127.0.0.1');
    const url = `http://localhost:${config.port}`;
    let openDataFill: Promise<OpenDataFillStep[]> | null = null;
    if (real) {
      // The site answers at once; the stores and then the prices arrive while it runs (an unreachable source is named).
      const log = (line: string) => logger.log(`real data: ${line}`);
      openDataFill = fillFromOpenData(ingest.app.get(FeedRunsService), config.ingest.feeds, log);
      openDataFill.catch((error: unknown) => logger.warn(`real data: the first fill stopped: ${error instanceof Error ? error.message : String(error)}`));
    }
    return {
      app,
      url,
      openDataFill,
      async close() {
        await app.close();
        for (const service of services) await service.close();
        await pgStop?.();
      },
    };
  } catch (error) {
    for (const service of services) await service.close().catch(() => undefined);
    await pgStop?.().catch(() => undefined);
    throw error;
  }
}
