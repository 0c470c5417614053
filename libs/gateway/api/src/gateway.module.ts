import { SERVICE_PATTERNS } from '@hintakori/composition';
import { CACHE_STORE, CacheStore, createCacheStore } from '@hintakori/platform-cache';
import { APP_CONFIG, AppConfigModule } from '@hintakori/platform-config';
import { ServiceClientsModule } from '@hintakori/platform-messaging';
import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { adminArea } from './admin';
import { Backend } from './backend';
import { AdminController } from './controllers/admin.controller';
import { AlertsController } from './controllers/alerts.controller';
import { CatalogController } from './controllers/catalog.controller';
import { PricesController } from './controllers/prices.controller';
import { PriceReportsController } from './controllers/price-reports.controller';
import { ClientErrorsController } from './controllers/client-errors.controller';
import { ComparisonsController } from './controllers/comparisons.controller';
import { HealthController } from './controllers/health.controller';
import { ShoppingCartsController } from './controllers/shopping-carts.controller';
import { StoresController } from './controllers/stores.controller';
import type { GatewayConfig } from './gateway-config';
import { JsonBodyInterceptor, ResponseCache } from './http/response-cache';

@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(@Inject(CACHE_STORE) private readonly cacheStore: CacheStore) {}

  /** The gateway with its validated config (loadGatewayConfig): the platform's and its own pages' and admin area's. */
  static forRoot(config: GatewayConfig): DynamicModule {
    const admin = adminArea(config);
    return {
      module: GatewayModule,
      imports: [AppConfigModule.forRoot(config), ServiceClientsModule.forRoot('gateway', SERVICE_PATTERNS), ...admin.imports],
      controllers: [HealthController, CatalogController, PricesController, StoresController, ShoppingCartsController, ComparisonsController, ClientErrorsController, AdminController, AlertsController, PriceReportsController, ...admin.controllers],
      providers: [Backend, ResponseCache, { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor }, { provide: CACHE_STORE, inject: [APP_CONFIG], useFactory: createCacheStore }, ...admin.providers],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cacheStore.close();
  }
}
