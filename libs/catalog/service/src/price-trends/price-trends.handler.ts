import {
  CatalogPatterns,
  PriceChanges,
  PriceChangesRequestSchema,
  priceLevelPeriodError,
  PriceLevels,
  PriceLevelsRequestSchema,
} from '@hintakori/catalog-contracts';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { PriceChangesService } from './price-changes.service';
import { PriceLevelsService } from './price-levels.service';

const levelsRequest = Compile(PriceLevelsRequestSchema);
const changesRequest = Compile(PriceChangesRequestSchema);

/** The payload checked against its contract schema: a 400 naming the first wrong field, never a 500. */
function checked<S extends TSchema>(validator: ReturnType<typeof Compile<S>>, data: unknown): Static<S> {
  if (validator.Check(data)) return data as Static<S>;
  const [first] = validator.Errors(data);
  const where = first?.instancePath ? first.instancePath.slice(1).replace(/\//g, '.') : 'payload';
  throw new BadRequestException(`${where}: ${first?.message ?? 'is not valid'}`);
}

@Controller()
export class PriceTrendsHandler {
  constructor(
    private readonly levels: PriceLevelsService,
    private readonly changes: PriceChangesService,
  ) {}

  /** PriceLevelsRequest → the reference basket's daily cost per store; 400 for a bad payload or period. */
  @MessagePattern(CatalogPatterns.PriceLevels)
  priceLevels(@Payload() data: unknown): Promise<PriceLevels> {
    const request = checked(levelsRequest, data);
    const error = priceLevelPeriodError(request.from, request.to);
    if (error) throw new BadRequestException(error);
    return this.levels.levels(request);
  }

  /** PriceChangesRequest → the chosen stores' recent price changes, largest first; 400 for a bad payload. */
  @MessagePattern(CatalogPatterns.PriceChanges)
  priceChanges(@Payload() data: unknown): Promise<PriceChanges> {
    return this.changes.changes(checked(changesRequest, data));
  }
}
