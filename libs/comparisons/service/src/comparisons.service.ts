import type { BasketLine, ComparisonRequest, StoreTotalsResult } from '@hintakori/comparisons-contracts';
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
}
