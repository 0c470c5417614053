import { CategoryDto, ItemAlternativesDto, ItemDto, ItemHistoryDto } from '@hintakori/catalog-contracts';
import { BadRequestException, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Backend } from '../backend';
import { parseId, parseNumber, parseSearch, parseStoreIds, rejectUnknownParams } from '../dto/parsing';
import { ResponseCache } from '../http/response-cache';

const SLUG = /^[a-z0-9-]{1,120}$/;

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('categories')
  @ApiOperation({ summary: 'All categories (three levels)' })
  categories(@Query() query: Record<string, unknown>): Promise<CategoryDto[]> {
    rejectUnknownParams(query, []);
    return this.cache.wrap('categories', 300, () => this.backend.categories());
  }

  @Get('items')
  @ApiOperation({ summary: 'Search items; nothing without storeIds' })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'storeIds', required: false, description: 'comma-separated or repeated, at most 100' })
  async search(@Query() query: Record<string, unknown>): Promise<ItemDto[]> {
    rejectUnknownParams(query, ['search', 'storeIds', 'limit', 'offset']);
    const search = parseSearch(query.search);
    const storeIds = parseStoreIds(query.storeIds);
    const limit = parseNumber(query.limit, 'limit', 1, 200, { required: false, integer: true }) ?? 100;
    const offset = parseNumber(query.offset, 'offset', 0, 100000, { required: false, integer: true }) ?? 0;
    if (storeIds.length === 0 || search === '') return [];
    return this.cache.wrap(`items:${search.toLowerCase()}:${[...storeIds].sort((a, b) => a - b)}:${limit}:${offset}`, 30, () =>
      this.backend.searchItems(search, storeIds, limit, offset),
    );
  }

  @Get('items/categories/:slug1{/:slug2}{/:slug3}')
  @ApiOperation({ summary: 'Items of a category path and its descendants' })
  itemsByCategory(
    @Param('slug1') slug1: string,
    @Param('slug2') slug2: string | undefined,
    @Param('slug3') slug3: string | undefined,
    @Query() query: Record<string, unknown>,
  ): Promise<ItemDto[]> {
    rejectUnknownParams(query, ['storeIds', 'limit', 'offset']);
    const slugPath = [slug1, slug2, slug3].filter((slug): slug is string => slug !== undefined && slug !== '');
    for (const slug of slugPath) {
      if (!SLUG.test(slug)) throw new BadRequestException(`Category slug "${slug.slice(0, 40)}" may only contain a-z, 0-9 and hyphens`);
    }
    const storeIds = parseStoreIds(query.storeIds);
    const limit = parseNumber(query.limit, 'limit', 1, 500, { required: false, integer: true }) ?? 200;
    const offset = parseNumber(query.offset, 'offset', 0, 100000, { required: false, integer: true }) ?? 0;
    return this.cache.wrap(`category:${slugPath.join('/')}:${[...storeIds].sort((a, b) => a - b)}:${limit}:${offset}`, 30, () =>
      this.backend.itemsByCategory(slugPath, storeIds, limit, offset),
    );
  }

  @Get('items/:id')
  @ApiOperation({ summary: 'One item with prices in the chosen stores' })
  item(@Param('id') rawId: string, @Query() query: Record<string, unknown>): Promise<ItemDto> {
    rejectUnknownParams(query, ['storeIds']);
    const id = parseId(rawId, 'item id');
    const storeIds = parseStoreIds(query.storeIds);
    return this.cache.wrap(`item:${id}:${[...storeIds].sort((a, b) => a - b)}`, 30, () => this.backend.item(id, storeIds));
  }

  @Get('items/:id/alternatives')
  @ApiOperation({
    summary: 'Cheaper products of the same kind in the chosen stores',
    description:
      'Products of the same lowest category whose lowest comparison price (cents per comparisonPriceUnit: kg, l, kpl…) in the chosen ' +
      'stores is below the item\'s own lowest one there, in the same unit; best first, at most 5, each with savingPerUnit (cents). ' +
      'The item without a comparison price in those stores: comparisonPrice null and no alternatives.',
  })
  @ApiParam({ name: 'id', description: 'item id (positive integer)' })
  @ApiQuery({ name: 'storeIds', required: true, description: 'comma-separated or repeated, 1 to 100' })
  @ApiResponse({
    status: 200,
    description: '{itemId, comparisonPrice, comparisonPriceUnit, alternatives: [{item: Item, comparisonPrice, savingPerUnit}]}',
    schema: {
      type: 'object',
      properties: {
        itemId: { type: 'integer' },
        comparisonPrice: { type: 'integer', nullable: true },
        comparisonPriceUnit: { type: 'string', nullable: true },
        alternatives: {
          type: 'array',
          maxItems: 5,
          items: { type: 'object', properties: { item: { type: 'object' }, comparisonPrice: { type: 'integer' }, savingPerUnit: { type: 'integer' } } },
        },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'Bad item id, missing or bad storeIds, unknown query parameter' })
  @ApiResponse({ status: 404, description: 'Unknown item' })
  itemAlternatives(@Param('id') rawId: string, @Query() query: Record<string, unknown>): Promise<ItemAlternativesDto> {
    rejectUnknownParams(query, ['storeIds']);
    const id = parseId(rawId, 'item id');
    const storeIds = parseStoreIds(query.storeIds, { required: true });
    return this.cache.wrap(`alternatives:${id}:${[...storeIds].sort((a, b) => a - b)}`, 30, () => this.backend.itemAlternatives(id, storeIds));
  }

  @Get('items/:id/history')
  @ApiOperation({
    summary: 'Price history of an item in the chosen stores',
    description:
      'Every change of each chosen store\'s price as periods {from, to, price, isCampaign} (oldest first, `to` null while current; ' +
      'prices in integer cents), and lowest30Days: the lowest price in effect during the last 30 days. Stores come in the order asked; ' +
      'a store without data has no periods and lowest30Days null. No storeIds: no stores.',
  })
  @ApiParam({ name: 'id', description: 'item id (positive integer)' })
  @ApiQuery({ name: 'storeIds', required: false, description: 'comma-separated or repeated, at most 100' })
  @ApiResponse({ status: 400, description: 'Bad item id or storeIds' })
  @ApiResponse({ status: 404, description: 'Unknown item' })
  itemHistory(@Param('id') rawId: string, @Query() query: Record<string, unknown>): Promise<ItemHistoryDto> {
    rejectUnknownParams(query, ['storeIds']);
    const id = parseId(rawId, 'item id');
    const storeIds = parseStoreIds(query.storeIds);
    // Stores come back in the order asked, so the order is part of the key.
    return this.cache.wrap(`history:${id}:${storeIds.join(',')}`, 30, () => this.backend.itemHistory(id, storeIds));
  }
}
