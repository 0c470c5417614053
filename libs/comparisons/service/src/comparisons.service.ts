import type { BasketLine, BasketSplitRequest, BasketSplitResult, ComparisonRequest, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { splitBasket } from './basket-split';
import { Injectable } from '@nestjs/common';
import { buildBasket, computeStoreTotals } from './comparison.calculator';
import { PriceMatrixRepository } from './price-matrix.repository';

function distinctItemIds(request: ComparisonRequest): number[] {
  return [...new Set(request.lines.map((line) => line.itemId))];
}

/** Fetches the needed prices in one query and hands them to the pure calculator. */
@Injectable()
export class ComparisonsService {
  constructor(private readonly prices: PriceMatrixRepository) {}

  async storeTotals(request: ComparisonRequest): Promise<StoreTotalsResult> {
    const cells = request.lines.length > 0 ? await this.prices.findCells(distinctItemIds(request), request.storeIds) : [];
    return computeStoreTotals(request, cells);
  }

  async basket(request: ComparisonRequest): Promise<BasketLine[]> {
    const details = request.lines.length > 0 ? await this.prices.findDetails(distinctItemIds(request), request.storeIds) : [];
    return buildBasket(request, details);
  }

  /** The cheapest way to buy the basket in at most `maxStores` of the compared stores (exact). */
  async split(request: BasketSplitRequest): Promise<BasketSplitResult> {
    const cells = request.lines.length > 0 ? await this.prices.findCells(distinctItemIds(request), request.storeIds) : [];
    return splitBasket(request, cells);
  }
}
