import { BasketLine, BasketSplitRequest, BasketSplitResult, ComparisonRequest, ComparisonsPatterns, DEMAND_LIMITS, DemandCounts, DemandRequest, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { distinctIds } from '@hintakori/shared-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ComparisonsService } from './comparisons.service';
import { DemandCounter } from './demand/demand-counter';

/** What the schema leaves to the service: a store listed twice is compared once (the contracts' distinctIds). */
export function distinctStores<T extends { storeIds: number[] }>(request: T): T {
  const storeIds = distinctIds(request.storeIds);
  return storeIds.length === request.storeIds.length ? request : { ...request, storeIds };
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
    const distinct = distinctStores(request);
    this.demand.record(distinct.storeIds, distinct.lines);
    return this.comparisons.storeTotals(distinct);
  }

  /** Every line in input order with a real, estimated or absent price for every compared store. */
  @MessagePattern(ComparisonsPatterns.Basket)
  async basket(@ValidPayload(ComparisonRequest) request: ComparisonRequest): Promise<BasketLine[]> {
    return this.comparisons.basket(distinctStores(request));
  }

  /** The basket split over at most maxStores of the compared stores, against the cheapest single store. */
  @MessagePattern(ComparisonsPatterns.Split)
  async split(@ValidPayload(BasketSplitRequest) request: BasketSplitRequest): Promise<BasketSplitResult> {
    const distinct = distinctStores(request);
    this.demand.record(distinct.storeIds, distinct.lines);
    return this.comparisons.split(distinct);
  }

  /** The last `days` days' anonymous counts: how often each store was selected and each item compared, most first. */
  @MessagePattern(ComparisonsPatterns.Demand)
  demandCounts(@ValidPayload(DemandRequest) request: DemandRequest): Promise<DemandCounts> {
    return this.demand.counts(request.days, request.limit ?? DEMAND_LIMITS.top);
  }
}
