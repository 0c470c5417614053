import { distinctIds } from '@hintakori/shared-contracts';
import {
  CATALOG_LIMITS,
  CatalogPatterns,
  GetItemByEanRequest,
  GetItemRequest,
  GetItemsRequest,
  ItemAlternativesDto,
  ItemAlternativesRequest,
  ItemDto,
  ItemsByCategoryRequest,
  ItemsExistRequest,
  ItemsExistResult,
  ItemsJsonReply,
  SearchItemsRequest,
  StoreCampaignItemsDto,
  StoreCampaignItemsRequest,
} from '@hintakori/catalog-contracts';
import { jsonTextReply, ValidPayload } from '@hintakori/platform-messaging';
import { checkEan } from '@hintakori/shared-util';
import { BadRequestException, Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ItemService } from './item.service';
import { pageOf } from './page';

/** The search text, cut at CATALOG_LIMITS.searchLength characters (longer text is cut, not refused). */
const searchText = (request: SearchItemsRequest): string => (request.search ?? '').slice(0, CATALOG_LIMITS.searchLength);

/** Answers the item patterns; each payload is checked against its contract schema before it gets here. */
@Controller()
export class ItemHandler {
  constructor(private readonly items: ItemService) {}

  @MessagePattern(CatalogPatterns.SearchItems)
  search(@ValidPayload(SearchItemsRequest) request: SearchItemsRequest): Promise<ItemDto[]> {
    return this.items.search(searchText(request), distinctIds(request.storeIds), pageOf(request));
  }

  @MessagePattern(CatalogPatterns.SearchItemsJson)
  async searchJson(@ValidPayload(SearchItemsRequest) request: SearchItemsRequest): Promise<ItemsJsonReply> {
    // Sent over Kafka as the text itself (the gateway sends it on as the HTTP body), not escaped in a JSON string.
    return jsonTextReply(await this.items.searchJson(searchText(request), distinctIds(request.storeIds), pageOf(request)));
  }

  @MessagePattern(CatalogPatterns.ItemsByCategory)
  byCategory(@ValidPayload(ItemsByCategoryRequest) request: ItemsByCategoryRequest): Promise<ItemDto[]> {
    return this.items.byCategory(request.slugPath, distinctIds(request.storeIds), pageOf(request));
  }

  @MessagePattern(CatalogPatterns.GetItem)
  get(@ValidPayload(GetItemRequest) request: GetItemRequest): Promise<ItemDto> {
    return this.items.get(request.id, distinctIds(request.storeIds));
  }

  /** The schema checks the digits; the GS1 check digit is checked here, with its own message. */
  @MessagePattern(CatalogPatterns.GetItemByEan)
  getByEan(@ValidPayload(GetItemByEanRequest) request: GetItemByEanRequest): Promise<ItemDto> {
    const ean = checkEan(request.ean);
    if (!ean.ok) throw new BadRequestException(ean.message);
    return this.items.getByEan(ean.ean, distinctIds(request.storeIds));
  }

  @MessagePattern(CatalogPatterns.GetItems)
  getMany(@ValidPayload(GetItemsRequest) request: GetItemsRequest): Promise<ItemDto[]> {
    return this.items.getMany(distinctIds(request.ids), distinctIds(request.storeIds));
  }

  @MessagePattern(CatalogPatterns.ItemsExist)
  exist(@ValidPayload(ItemsExistRequest) request: ItemsExistRequest): Promise<ItemsExistResult> {
    return this.items.exist(distinctIds(request.ids));
  }

  @MessagePattern(CatalogPatterns.ItemAlternatives)
  alternatives(@ValidPayload(ItemAlternativesRequest) request: ItemAlternativesRequest): Promise<ItemAlternativesDto> {
    return this.items.alternatives(request.itemId, distinctIds(request.storeIds));
  }

  @MessagePattern(CatalogPatterns.StoreCampaignItems)
  storeCampaigns(@ValidPayload(StoreCampaignItemsRequest) request: StoreCampaignItemsRequest): Promise<StoreCampaignItemsDto> {
    return this.items.storeCampaigns(request.storeId, request.realOnly === true, pageOf(request));
  }
}
