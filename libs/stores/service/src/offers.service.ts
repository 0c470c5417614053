import type { OfferDto } from '@hintakori/stores-contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { OffersRepository } from './offers.repository';

@Injectable()
export class OffersService {
  constructor(private readonly offers: OffersRepository) {}

  async byStore(storeId: number): Promise<OfferDto[]> {
    const offers = await this.offers.byStore(storeId);
    if (!offers) throw new NotFoundException(`Store ${storeId} not found`);
    return offers;
  }
}
