import { CatalogPatterns, type ReferenceBasketItems } from '@hintakori/catalog-contracts';
import { ComparisonsPatterns, type DemandCounts, type DemandRequest } from '@hintakori/comparisons-contracts';
import { callService, createServiceClient } from '@hintakori/platform-messaging';
import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import type { IngestAppConfig } from '../ingest-config';
import type { OpenDataWiring } from '../runs/feed-runner';
import { refreshPriorities, type PriorityInputs } from './refresh-priorities';

/** What a worker adds to its open-data wiring for the chain sources: their budgets and refresh priorities. */
export interface ChainRefreshWiring {
  wiring: Required<Pick<OpenDataWiring, 'requestBudgets' | 'refreshPriorities'>>;
  /** Closes the service clients (the worker's shutdown). */
  close(): Promise<void>;
}

/** The two services' answers over the profile's transport (in-process or Kafka request/reply), with the RPC timeout. */
export function servicePriorityInputs(clients: { comparisons: ClientProxy; catalog: ClientProxy }, timeoutMs: number): PriorityInputs {
  return {
    demand: (days, limit) => callService<DemandCounts, DemandRequest>(clients.comparisons, ComparisonsPatterns.Demand, { days, limit }, timeoutMs),
    basket: () => callService<ReferenceBasketItems>(clients.catalog, CatalogPatterns.ReferenceBasketItems, {}, timeoutMs),
  };
}

/**
 * The budgets of the configuration (INGEST_BUDGET_*) and the priorities of refresh/refresh-priorities.ts, asking
 * comparisons and catalog through clients of their own (created here, connected at the first question).
 */
export function chainRefreshWiring(dataSource: DataSource, config: IngestAppConfig): ChainRefreshWiring {
  const logger = new Logger('RefreshPriorities');
  const clients = {
    comparisons: createServiceClient('comparisons', 'price-ingest', config, [ComparisonsPatterns.Demand]),
    catalog: createServiceClient('catalog', 'price-ingest', config, [CatalogPatterns.ReferenceBasketItems]),
  };
  const inputs = servicePriorityInputs(clients, config.rpcTimeoutMs);
  return {
    wiring: {
      requestBudgets: { ...config.ingest.requestBudgets },
      refreshPriorities: (source) => refreshPriorities(dataSource, source, inputs, { log: (message) => logger.warn(message) }),
    },
    close: async () => {
      await Promise.all(Object.values(clients).map((client) => Promise.resolve(client.close()).catch(() => undefined)));
    },
  };
}
