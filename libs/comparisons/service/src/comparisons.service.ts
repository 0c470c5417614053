import { type BasketLine, type BasketSplitRequest, type BasketSplitResult, type ComparisonRequest, SPLIT_LIMITS, type StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { splitBasket } from './basket-split';
import { BadRequestException, Injectable } from '@nestjs/common';
import { MAX_SHOPPING_DAY_OFFSET } from '@hintakori/shared-contracts';
import { shoppingDay, type TillContext, tillContext } from '@hintakori/shared-util';
import { buildBasket, computeStoreTotals, type PriceCell } from './comparison.calculator';
import { PriceMatrixCache } from './price-matrix.cache';
import { PriceMatrixRepository } from './price-matrix.repository';

/**
 * The till context of a request: its cards and shopping day. A date that does not exist or is more than
 * MAX_SHOPPING_DAY_OFFSET days from today is refused as a bad request (the gateway answers 400 with the message, which
 * names `date`), before any price is read.
 */
export function requestContext(request: Pick<ComparisonRequest, 'cards' | 'date'>, now: Date = new Date()): TillContext {
  const day = shoppingDay(request.date, MAX_SHOPPING_DAY_OFFSET, now);
  if ('error' in day) throw new BadRequestException(day.error);
  return tillContext(request.cards, day);
}

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
    const context = requestContext(request);
    if (request.lines.length === 0) return computeStoreTotals(request, [], context);
    return computeStoreTotals(request, await this.cells(request), context);
  }

  /** The prices of the request's items in its stores: from the cache when it is ready, else in one query. */
  private async cells(request: ComparisonRequest): Promise<PriceCell[]> {
    const itemIds = distinctItemIds(request);
    return this.cache.ready ? this.cache.findCells(itemIds, request.storeIds) : this.prices.findCells(itemIds, request.storeIds);
  }

  async basket(request: ComparisonRequest): Promise<BasketLine[]> {
    const context = requestContext(request);
    const details = request.lines.length > 0 ? await this.prices.findDetails(distinctItemIds(request), request.storeIds) : [];
    return buildBasket(request, details, context);
  }

  /** The cheapest way to buy the basket in at most `maxStores` of the compared stores (exact). */
  async split(request: BasketSplitRequest): Promise<BasketSplitResult> {
    const context = requestContext(request);
    const input = {
      ...request,
      maxStores: request.maxStores ?? SPLIT_LIMITS.defaultMaxStores,
      costPerKmCents: request.costPerKmCents ?? SPLIT_LIMITS.defaultCostPerKmCents,
    };
    return splitBasket(input, request.lines.length > 0 ? await this.cells(request) : [], context);
  }
}
