import { BasketLine, BasketSplitResult, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseComparisonRequest, parseSplitRequest } from './comparison-request';
import { ComparisonsService } from './comparisons.service';

@Controller()
export class ComparisonsHandler {
  constructor(private readonly comparisons: ComparisonsService) {}

  /** Σ quantity × price per compared store, with estimate/missing counts and the cheapest store flagged. */
  @MessagePattern(ComparisonsPatterns.StoreTotals)
  async storeTotals(@Payload() data: unknown): Promise<StoreTotalsResult> {
    return this.comparisons.storeTotals(parseComparisonRequest(data));
  }

  /** Every line in input order with a real, estimated or absent price for every compared store. */
  @MessagePattern(ComparisonsPatterns.Basket)
  async basket(@Payload() data: unknown): Promise<BasketLine[]> {
    return this.comparisons.basket(parseComparisonRequest(data));
  }

  /** The basket split over at most maxStores of the compared stores, against the cheapest single store. */
  @MessagePattern(ComparisonsPatterns.Split)
  async split(@Payload() data: unknown): Promise<BasketSplitResult> {
    return this.comparisons.split(parseSplitRequest(data));
  }
}
