import { CatalogPatterns, ItemAlternativesDto, ItemDto, ItemsExistResult, ItemsJsonReply, MAX_CAMPAIGN_ITEMS_PAGE, StoreCampaignItemsDto } from '@hintakori/catalog-contracts';
import { BadRequestException, Controller } from '@nestjs/common';
import { jsonTextReply } from '@hintakori/platform-messaging';
import { checkEan } from '@hintakori/shared-util';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MAX_ITEM_IDS, parseId, parseIdList, parsePage, parseSearchText, parseSlugPath, parseStoreIds, requirePayload } from '../validation/request-validation';
import { ItemService } from './item.service';

@Controller()
export class ItemHandler {
  constructor(private readonly items: ItemService) {}

  @MessagePattern(CatalogPatterns.SearchItems)
  search(@Payload() data: unknown): Promise<ItemDto[]> {
    const payload = requirePayload(data);
    return this.items.search(parseSearchText(payload.search), parseStoreIds(payload.storeIds), parsePage(payload));
  }

  @MessagePattern(CatalogPatterns.SearchItemsJson)
  async searchJson(@Payload() data: unknown): Promise<ItemsJsonReply> {
    const payload = requirePayload(data);
    // Sent over Kafka as the text itself (the gateway sends it on as the HTTP body), not escaped in a JSON string.
    return jsonTextReply(await this.items.searchJson(parseSearchText(payload.search), parseStoreIds(payload.storeIds), parsePage(payload)));
  }

  @MessagePattern(CatalogPatterns.ItemsByCategory)
  byCategory(@Payload() data: unknown): Promise<ItemDto[]> {
    const payload = requirePayload(data);
    return this.items.byCategory(parseSlugPath(payload.slugPath), parseStoreIds(payload.storeIds), parsePage(payload));
  }

  @MessagePattern(CatalogPatterns.GetItem)
  get(@Payload() data: unknown): Promise<ItemDto> {
    const payload = requirePayload(data);
    return this.items.get(parseId(payload.id, 'id'), parseStoreIds(payload.storeIds));
  }

  @MessagePattern(CatalogPatterns.GetItemByEan)
  getByEan(@Payload() data: unknown): Promise<ItemDto> {
    const payload = requirePayload(data);
    if (typeof payload.ean !== 'string') throw new BadRequestException('ean must be a string of 8 or 13 digits');
    const ean = checkEan(payload.ean);
    if (!ean.ok) throw new BadRequestException(ean.message);
    return this.items.getByEan(ean.ean, parseStoreIds(payload.storeIds));
  }

  @MessagePattern(CatalogPatterns.GetItems)
  getMany(@Payload() data: unknown): Promise<ItemDto[]> {
    const payload = requirePayload(data);
    return this.items.getMany(parseIdList(payload.ids, 'ids', MAX_ITEM_IDS), parseStoreIds(payload.storeIds));
  }

  @MessagePattern(CatalogPatterns.ItemsExist)
  exist(@Payload() data: unknown): Promise<ItemsExistResult> {
    const payload = requirePayload(data);
    return this.items.exist(parseIdList(payload.ids, 'ids', MAX_ITEM_IDS));
  }

  @MessagePattern(CatalogPatterns.ItemAlternatives)
  alternatives(@Payload() data: unknown): Promise<ItemAlternativesDto> {
    const payload = requirePayload(data);
    return this.items.alternatives(parseId(payload.itemId, 'itemId'), parseStoreIds(payload.storeIds));
  }

  @MessagePattern(CatalogPatterns.StoreCampaignItems)
  storeCampaigns(@Payload() data: unknown): Promise<StoreCampaignItemsDto> {
    const payload = requirePayload(data);
    if (payload.realOnly !== undefined && typeof payload.realOnly !== 'boolean') throw new BadRequestException('realOnly must be a boolean');
    const page = parsePage(payload);
    if (page.limit > MAX_CAMPAIGN_ITEMS_PAGE) throw new BadRequestException(`limit must be at most ${MAX_CAMPAIGN_ITEMS_PAGE}`);
    return this.items.storeCampaigns(parseId(payload.storeId, 'storeId'), payload.realOnly === true, page);
  }
}
