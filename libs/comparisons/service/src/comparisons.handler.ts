import { BasketLine, BasketSplitRequest, BasketSplitResult, ComparisonRequest, ComparisonsPatterns, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ComparisonsService } from './comparisons.service';

/** What the schema leaves to the service: a store compared twice is refused. */
export function distinctStores<T extends { storeIds: number[] }>(request: T): T {
  if (new Set(request.storeIds).size !== request.storeIds.length) throw new BadRequestException('storeIds must not list the same value twice');
  return request;
}

/** Answers every comparisons pattern; each payload is checked against its contract schema before it gets here. */
@Controller()
export class ComparisonsHandler {
  constructor(private readonly comparisons: ComparisonsService) {}

  /** Σ quantity × price per compared store, with estimate/missing counts and the cheapest store flagged. */
  @MessagePattern(ComparisonsPatterns.StoreTotals)
  async storeTotals(@ValidPayload(ComparisonRequest) request: ComparisonRequest): Promise<StoreTotalsResult> {
    return this.comparisons.storeTotals(distinctStores(request));
  }

  /** Every line in input order with a real, estimated or absent price for every compared store. */
  @MessagePattern(ComparisonsPatterns.Basket)
  async basket(@ValidPayload(ComparisonRequest) request: ComparisonRequest): Promise<BasketLine[]> {
    return this.comparisons.basket(distinctStores(request));
  }

  /** The basket split over at most maxStores of the compared stores, against the cheapest single store. */
  @MessagePattern(ComparisonsPatterns.Split)
  async split(@ValidPayload(BasketSplitRequest) request: BasketSplitRequest): Promise<BasketSplitResult> {
    return this.comparisons.split(distinctStores(request));
  }
}
