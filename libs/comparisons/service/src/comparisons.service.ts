import { type BasketLine, type BasketSplitRequest, type BasketSplitResult, type ComparisonRequest, SPLIT_LIMITS, type StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { splitBasket } from './basket-split';
import { Injectable } from '@nestjs/common';
import { buildBasket, computeStoreTotals, type PriceCell } from './comparison.calculator';
import { PriceMatrixCache } from './price-matrix.cache';
import { PriceMatrixRepository } from './price-matrix.repository';

function distinctItemIds(request: ComparisonRequest): number[] {
  return [...new Set(request.lines.map((line) => line.itemId))];
}

/** Fetches the needed prices (from the price cache when it is ready, else in one query) and hands them to the pure calculator. */
@Injectable()
export class ComparisonsService {
  constructor(
    private readonly prices: PriceMatrixRepository,
    private readonly cache: PriceMatrixCache,
  ) {}

  async storeTotals(request: ComparisonRequest): Promise<StoreTotalsResult> {
    if (request.lines.length === 0) return computeStoreTotals(request, []);
    return computeStoreTotals(request, await this.cells(request));
  }

  /** The prices of the request's items in its stores: from the cache when it is ready, else in one query. */
  private async cells(request: ComparisonRequest): Promise<PriceCell[]> {
    const itemIds = distinctItemIds(request);
    return this.cache.ready ? this.cache.findCells(itemIds, request.storeIds) : this.prices.findCells(itemIds, request.storeIds);
  }

  async basket(request: ComparisonRequest): Promise<BasketLine[]> {
    const details = request.lines.length > 0 ? await this.prices.findDetails(distinctItemIds(request), request.storeIds) : [];
    return buildBasket(request, details);
  }

  /** The cheapest way to buy the basket in at most `maxStores` of the compared stores (exact). */
  async split(request: BasketSplitRequest): Promise<BasketSplitResult> {
    const input = {
      ...request,
      maxStores: request.maxStores ?? SPLIT_LIMITS.defaultMaxStores,
      costPerKmCents: request.costPerKmCents ?? SPLIT_LIMITS.defaultCostPerKmCents,
    };
    return splitBasket(input, request.lines.length > 0 ? await this.cells(request) : []);
  }
}
