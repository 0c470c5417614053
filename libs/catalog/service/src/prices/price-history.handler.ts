import { distinctIds } from '@hintakori/shared-contracts';
import { CatalogPatterns, ItemHistoryDto, ItemHistoryRequest } from '@hintakori/catalog-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PriceHistoryService } from './price-history.service';

@Controller()
export class PriceHistoryHandler {
  constructor(private readonly history: PriceHistoryService) {}

  /** `{itemId, storeIds}` → every price period per store; 400 bad input (checked against the contract), 404 unknown item. */
  @MessagePattern(CatalogPatterns.ItemHistory)
  itemHistory(@ValidPayload(ItemHistoryRequest) request: ItemHistoryRequest): Promise<ItemHistoryDto> {
    return this.history.history(request.itemId, distinctIds(request.storeIds));
  }
}
