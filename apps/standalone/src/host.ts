import { CartsModule } from '@hintakori/carts-service';
import { CatalogModule } from '@hintakori/catalog-service';
import { ComparisonsModule } from '@hintakori/comparisons-service';
import { configureGateway, GatewayModule } from '@hintakori/gateway-api';
import { AppConfig } from '@hintakori/platform-config';
import { bootService, BootedService, levels } from '@hintakori/platform-host';
import { startEmbeddedPostgres } from '@hintakori/platform-persistence';
import { PriceIngestModule } from '@hintakori/price-ingest-service';
import { StoresModule } from '@hintakori/stores-service';
import { INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

export interface StandaloneHost {
  app: INestApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * The standalone profile: embedded PostgreSQL, the five services on the in-process transport,
 * and the gateway — one Node process.
 */
export async function startStandalone(config: AppConfig, options: { pgPort?: number; webRoot?: string } = {}): Promise<StandaloneHost> {
  const logger = new Logger('standalone');
  let pgStop: (() => Promise<void>) | undefined;
  if (!config.databaseUrl) {
    const started = Date.now();
    const pg = await startEmbeddedPostgres({ dataDir: config.dataDir, port: options.pgPort ?? Number(process.env.PG_PORT ?? 54329) });
    pgStop = pg.stop;
    config = { ...config, databaseUrl: pg.url };
    logger.log(`Embedded PostgreSQL ready in ${Date.now() - started} ms`);
  }
  const services: BootedService[] = [];
  try {
    // Each service boots (and seeds its own part of the demo data) concurrently.
    services.push(
      ...(await Promise.all([
        bootService('catalog', CatalogModule.forRoot(config), config),
        bootService('stores', StoresModule.forRoot(config), config),
        bootService('carts', CartsModule.forRoot(config), config),
        bootService('comparisons', ComparisonsModule.forRoot(config), config),
        bootService('price-ingest', PriceIngestModule.forRoot(config), config),
      ])),
    );
    const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), { logger: levels(config), bodyParser: false });
    configureGateway(app, { webRoot: options.webRoot });
    await app.listen(config.port, '127.0.0.1');
    const url = `http://localhost:${config.port}`;
    return {
      app,
      url,
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
