import { BasketLine, BasketSplitRequest, BasketSplitResult, ComparisonRequest, ComparisonsPatterns, DEMAND_LIMITS, DemandCounts, DemandRequest, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ComparisonsService } from './comparisons.service';
import { DemandCounter } from './demand/demand-counter';

/** What the schema leaves to the service: a store compared twice is refused. */
export function distinctStores<T extends { storeIds: number[] }>(request: T): T {
  if (new Set(request.storeIds).size !== request.storeIds.length) throw new BadRequestException('storeIds must not list the same value twice');
  return request;
}

/** Answers every comparisons pattern; each payload is checked against its contract schema before it gets here. */
@Controller()
export class ComparisonsHandler {
  constructor(
    private readonly comparisons: ComparisonsService,
    private readonly demand: DemandCounter,
  ) {}

  /** Σ quantity × price per compared store, with estimate/missing counts and the cheapest store flagged. */
  @MessagePattern(ComparisonsPatterns.StoreTotals)
  async storeTotals(@ValidPayload(ComparisonRequest) request: ComparisonRequest): Promise<StoreTotalsResult> {
    this.demand.record(distinctStores(request).storeIds, request.lines);
    return this.comparisons.storeTotals(request);
  }

  /** Every line in input order with a real, estimated or absent price for every compared store. */
  @MessagePattern(ComparisonsPatterns.Basket)
  async basket(@ValidPayload(ComparisonRequest) request: ComparisonRequest): Promise<BasketLine[]> {
    return this.comparisons.basket(distinctStores(request));
  }

  /** The basket split over at most maxStores of the compared stores, against the cheapest single store. */
  @MessagePattern(ComparisonsPatterns.Split)
  async split(@ValidPayload(BasketSplitRequest) request: BasketSplitRequest): Promise<BasketSplitResult> {
    this.demand.record(distinctStores(request).storeIds, request.lines);
    return this.comparisons.split(request);
  }

  /** The last `days` days' anonymous counts: how often each store was selected and each item compared, most first. */
  @MessagePattern(ComparisonsPatterns.Demand)
  demandCounts(@ValidPayload(DemandRequest) request: DemandRequest): Promise<DemandCounts> {
    return this.demand.counts(request.days, request.limit ?? DEMAND_LIMITS.top);
  }
}
