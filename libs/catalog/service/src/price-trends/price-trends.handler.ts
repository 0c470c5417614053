import {
  CatalogPatterns,
  PriceChanges,
  type PriceChangesRequest,
  PriceChangesRequestSchema,
  priceLevelPeriodError,
  PriceLevels,
  type PriceLevelsRequest,
  PriceLevelsRequestSchema,
  type ReferenceBasketItems,
} from '@hintakori/catalog-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PriceChangesService } from './price-changes.service';
import { PriceLevelsService } from './price-levels.service';
import { ReferenceBasket } from './reference-basket';

/** Answers the price-trend patterns; each payload is checked against its contract schema before it gets here. */
@Controller()
export class PriceTrendsHandler {
  constructor(
    private readonly levels: PriceLevelsService,
    private readonly changes: PriceChangesService,
    private readonly basket: ReferenceBasket,
  ) {}

  /** PriceLevelsRequest → the reference basket's daily cost per store; 400 for a bad payload or period. */
  @MessagePattern(CatalogPatterns.PriceLevels)
  priceLevels(@ValidPayload(PriceLevelsRequestSchema) request: PriceLevelsRequest): Promise<PriceLevels> {
    const error = priceLevelPeriodError(request.from, request.to);
    if (error) throw new BadRequestException(error);
    return this.levels.levels(request);
  }

  /** PriceChangesRequest → the chosen stores' recent price changes, largest first; 400 for a bad payload. */
  @MessagePattern(CatalogPatterns.PriceChanges)
  priceChanges(@ValidPayload(PriceChangesRequestSchema) request: PriceChangesRequest): Promise<PriceChanges> {
    return this.changes.changes(request);
  }

  /** The price-level basket's products with their EANs (price-ingest refreshes their prices first); takes no payload. */
  @MessagePattern(CatalogPatterns.ReferenceBasketItems)
  referenceBasketItems(): Promise<ReferenceBasketItems> {
    return this.basket.itemEans();
  }
}
