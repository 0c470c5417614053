import { CatalogPatterns, ItemHistoryDto } from '@hintakori/catalog-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseId, parseStoreIds, requirePayload } from '../validation/request-validation';
import { PriceHistoryService } from './price-history.service';

@Controller()
export class PriceHistoryHandler {
  constructor(private readonly history: PriceHistoryService) {}

  /** `{itemId, storeIds}` → every price period per store; 400 bad input, 404 unknown item. */
  @MessagePattern(CatalogPatterns.ItemHistory)
  itemHistory(@Payload() data: unknown): Promise<ItemHistoryDto> {
    const payload = requirePayload(data);
    return this.history.history(parseId(payload.itemId, 'itemId'), parseStoreIds(payload.storeIds));
  }
}
