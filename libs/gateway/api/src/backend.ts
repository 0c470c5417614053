import { AlertsPatterns, ConfirmResult, EraseResult, ManageDto, SubscribeRequest, SubscribeResult } from '@hintakori/alerts-contracts';
import { CartDto, CartsPatterns, CartWriteResult } from '@hintakori/carts-contracts';
import { CatalogPatterns, CategoryDto, GetItemByEanRequest, ItemAlternativesDto, ItemDto, ItemHistoryDto, ItemsExistResult, ItemsJsonReply, PriceChanges, PriceChangesRequest, PriceLevels, PriceLevelsRequest, StoreCampaignItemsDto, StoreCampaignItemsRequest } from '@hintakori/catalog-contracts';
import { BasketLine, BasketSplitRequest, BasketSplitResult, ComparisonLine, ComparisonRequest, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import {
  callService,
  DEFAULT_CIRCUIT_OPTIONS,
  healthPattern,
  HealthReport,
  InjectServiceClient,
  SERVICE_NAMES,
  ServiceCallError,
  ServiceCircuit,
  ServiceName,
} from '@hintakori/platform-messaging';
import { PriceIngestPatterns, SubmitPriceReportRequest, SubmitPriceReportResult } from '@hintakori/price-ingest-contracts';
import { OfferDto, StoreByShopStoreIdRequest, StoreDto, StoreMinimalDto, StoresPatterns } from '@hintakori/stores-contracts';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { TillRequest } from './controllers/till-request';
import { ClientProxy } from '@nestjs/microservices';

/**
 * Typed request/reply calls from the gateway to the five services, each behind a breaker (ServiceCircuit,
 * distributed profile; RPC_STALL_MS): while no replica of a service answers, its calls fail at once with a 503
 * and Retry-After instead of each waiting out RPC_TIMEOUT_MS.
 */
@Injectable()
export class Backend implements OnApplicationShutdown {
  private readonly clients: Record<ServiceName, ClientProxy>;
  private readonly circuits: Partial<Record<ServiceName, ServiceCircuit>> = {};
  private readonly logger = new Logger('Backend');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectServiceClient('catalog') catalog: ClientProxy,
    @InjectServiceClient('stores') stores: ClientProxy,
    @InjectServiceClient('carts') carts: ClientProxy,
    @InjectServiceClient('comparisons') comparisons: ClientProxy,
    @InjectServiceClient('price-ingest') priceIngest: ClientProxy,
    @InjectServiceClient('alerts') alerts: ClientProxy,
  ) {
    this.clients = { catalog, stores, carts, comparisons, 'price-ingest': priceIngest, alerts };
    if (config.rpcStallMs > 0) {
      const options = { ...DEFAULT_CIRCUIT_OPTIONS, stallMs: config.rpcStallMs, probeTimeoutMs: config.rpcProbeTimeoutMs };
      for (const service of SERVICE_NAMES) {
        const probe = (timeoutMs: number) => callService(this.clients[service], healthPattern(service), {}, timeoutMs);
        this.circuits[service] = new ServiceCircuit(service, probe, options, (state) =>
          state === 'open'
            ? this.logger.warn(`${service} is not answering: its calls fail fast with 503 until it answers again`)
            : this.logger.log(`${service} answers again`),
        );
      }
    }
  }

  onApplicationShutdown(): void {
    for (const circuit of Object.values(this.circuits)) circuit.close();
  }

  /** Whether the breaker of each service is open (no replica answering). */
  circuitStates(): Record<string, 'open' | 'closed'> {
    return Object.fromEntries(Object.entries(this.circuits).map(([service, circuit]) => [service, circuit.state]));
  }

  private call<T>(service: ServiceName, pattern: string, data: unknown, timeoutMs = this.config.rpcTimeoutMs): Promise<T> {
    const send = () => callService<T>(this.clients[service], pattern, data, timeoutMs);
    const circuit = this.circuits[service];
    return circuit ? circuit.run(pattern, send) : send();
  }

  categories(): Promise<CategoryDto[]> {
    return this.call('catalog', CatalogPatterns.ListCategories, {});
  }
  /** The item search's answer (ItemDto[]) as the catalog wrote it: its JSON text, sent as the body as it is. */
  async searchItemsJson(search: string, storeIds: number[], limit: number, offset: number): Promise<string> {
    const reply = await this.call<ItemsJsonReply>('catalog', CatalogPatterns.SearchItemsJson, { search, storeIds, limit, offset });
    if (typeof reply?.json !== 'string') throw new Error('catalog answered SearchItemsJson without its JSON text');
    return reply.json;
  }
  itemsByCategory(slugPath: string[], storeIds: number[], limit: number, offset: number): Promise<ItemDto[]> {
    return this.call('catalog', CatalogPatterns.ItemsByCategory, { slugPath, storeIds, limit, offset });
  }
  item(id: number, storeIds: number[]): Promise<ItemDto> {
    return this.call('catalog', CatalogPatterns.GetItem, { id, storeIds });
  }
  itemByEan(ean: string, storeIds: number[]): Promise<ItemDto> {
    const request: GetItemByEanRequest = { ean, storeIds };
    return this.call('catalog', CatalogPatterns.GetItemByEan, request);
  }
  items(ids: number[], storeIds: number[]): Promise<ItemDto[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.call('catalog', CatalogPatterns.GetItems, { ids, storeIds });
  }
  itemsExist(ids: number[]): Promise<ItemsExistResult> {
    return this.call('catalog', CatalogPatterns.ItemsExist, { ids });
  }
  itemAlternatives(itemId: number, storeIds: number[]): Promise<ItemAlternativesDto> {
    return this.call('catalog', CatalogPatterns.ItemAlternatives, { itemId, storeIds });
  }
  storeCampaignItems(request: StoreCampaignItemsRequest): Promise<StoreCampaignItemsDto> {
    return this.call('catalog', CatalogPatterns.StoreCampaignItems, request);
  }
  itemHistory(itemId: number, storeIds: number[]): Promise<ItemHistoryDto> {
    return this.call('catalog', CatalogPatterns.ItemHistory, { itemId, storeIds });
  }
  priceLevels(request: PriceLevelsRequest): Promise<PriceLevels> {
    return this.call('catalog', CatalogPatterns.PriceLevels, request);
  }
  priceChanges(request: PriceChangesRequest): Promise<PriceChanges> {
    return this.call('catalog', CatalogPatterns.PriceChanges, request);
  }

  searchStores(search: string, limit: number): Promise<StoreDto[]> {
    return this.call('stores', StoresPatterns.Search, { search, limit });
  }
  storesInBox(box: { minLat: number; minLong: number; maxLat: number; maxLong: number; lat?: number; long?: number; limit: number }): Promise<StoreDto[]> {
    return this.call('stores', StoresPatterns.InBox, box);
  }
  minimalStores(skip: number, limit: number): Promise<StoreMinimalDto[]> {
    return this.call('stores', StoresPatterns.Minimal, { skip, limit });
  }
  store(id: number): Promise<StoreDto> {
    return this.call('stores', StoresPatterns.Get, { id });
  }
  storeByShopStoreId(request: StoreByShopStoreIdRequest): Promise<StoreDto> {
    return this.call('stores', StoresPatterns.ByShopStoreId, request);
  }
  stores(ids: number[]): Promise<StoreDto[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.call('stores', StoresPatterns.GetMany, { ids });
  }
  storesByIds(ids: number[]): Promise<StoreDto[]> {
    return this.stores(ids);
  }
  offers(storeId: number): Promise<OfferDto[]> {
    return this.call('stores', StoresPatterns.OffersByStore, { storeId });
  }

  cart(cartId: string): Promise<CartDto> {
    return this.call('carts', CartsPatterns.Get, { cartId });
  }
  async latestCart(ownerId: string): Promise<CartDto | null> {
    try {
      return await this.call<CartDto>('carts', CartsPatterns.LatestForOwner, { ownerId });
    } catch (error) {
      if (error instanceof ServiceCallError && error.statusCode === 404) return null;
      throw error;
    }
  }
  writeCart(
    pattern: (typeof CartsPatterns)['AddItem' | 'RemoveItem' | 'Increment' | 'Decrement'],
    cartId: string,
    itemId: number,
    ownerId: string,
  ): Promise<CartWriteResult> {
    return this.call('carts', pattern, { cartId, itemId, ownerId });
  }

  /** `till`: the shopper's cards, shopping day and the S group's stores among storeIds (default: no cards, today). */
  storeTotals(storeIds: number[], lines: ComparisonLine[], till: TillRequest = {}): Promise<StoreTotalsResult> {
    const request: ComparisonRequest = { storeIds, lines, ...till };
    return this.call('comparisons', ComparisonsPatterns.StoreTotals, request);
  }
  basket(storeIds: number[], lines: ComparisonLine[], till: TillRequest = {}): Promise<BasketLine[]> {
    const request: ComparisonRequest = { storeIds, lines, ...till };
    return this.call('comparisons', ComparisonsPatterns.Basket, request);
  }
  split(request: BasketSplitRequest): Promise<BasketSplitResult> {
    return this.call('comparisons', ComparisonsPatterns.Split, request);
  }

  subscribeAlert(request: SubscribeRequest): Promise<SubscribeResult> {
    return this.call('alerts', AlertsPatterns.Subscribe, request);
  }
  confirmAlert(token: string): Promise<ConfirmResult> {
    return this.call('alerts', AlertsPatterns.Confirm, { token });
  }
  manageAlerts(token: string): Promise<ManageDto> {
    return this.call('alerts', AlertsPatterns.Manage, { token });
  }
  deleteAlertWatch(token: string, watchId: number): Promise<{ deleted: true }> {
    return this.call('alerts', AlertsPatterns.DeleteWatch, { token, watchId });
  }
  eraseAlerts(token: string): Promise<EraseResult> {
    return this.call('alerts', AlertsPatterns.Erase, { token });
  }

  submitPriceReport(request: SubmitPriceReportRequest): Promise<SubmitPriceReportResult> {
    return this.call('price-ingest', PriceIngestPatterns.SubmitPriceReport, request);
  }

  /** Each service's own report of its dependencies; a service that does not answer is down. */
  async health(timeoutMs = 3000): Promise<HealthReport[]> {
    return Promise.all(
      SERVICE_NAMES.map(async (service) => {
        try {
          return await this.call<HealthReport>(service, healthPattern(service), {}, timeoutMs);
        } catch {
          return { service, status: 'down' as const, checks: { reachable: 'down' as const } };
        }
      }),
    );
  }
}
