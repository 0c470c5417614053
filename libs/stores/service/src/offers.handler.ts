import { OfferDto, OffersByStoreRequest, StoresPatterns } from '@hintakori/stores-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { OffersService } from './offers.service';

@Controller()
export class OffersHandler {
  constructor(private readonly offers: OffersService) {}

  /** The payload is checked against its contract schema before it gets here. */
  @MessagePattern(StoresPatterns.OffersByStore)
  byStore(@ValidPayload(OffersByStoreRequest) request: OffersByStoreRequest): Promise<OfferDto[]> {
    return this.offers.byStore(request.storeId);
  }
}
