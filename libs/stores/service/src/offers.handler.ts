import { OfferDto, StoresPatterns } from '@hintakori/stores-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OffersService } from './offers.service';
import { parseOffersByStore } from './stores.validation';

@Controller()
export class OffersHandler {
  constructor(private readonly offers: OffersService) {}

  @MessagePattern(StoresPatterns.OffersByStore)
  byStore(@Payload() data: unknown): Promise<OfferDto[]> {
    return this.offers.byStore(parseOffersByStore(data).storeId);
  }
}
