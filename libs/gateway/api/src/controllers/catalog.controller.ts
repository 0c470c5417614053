import { distinctIds } from '@hintakori/shared-contracts';
import { CATALOG_LIMITS, CategoryDto, Ean, ItemAlternativesDto, ItemDto, ItemHistoryDto } from '@hintakori/catalog-contracts';
import { checkEan } from '@hintakori/shared-util';
import { BadRequestException, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { errorResponses, Id, Limit, NoQuery, Offset, ok, SearchText, Slug, StoreIds } from '../dto/schemas';
import { Input, LinkContract, Route, routeContract, RouteInput } from '../http/contract';
import { JsonBody, ResponseCache } from '../http/response-cache';

const categoriesContract = routeContract({
  query: NoQuery,
  responses: {
    // Top-level categories come first; the deeper paths are linked from an item's breadcrumb (itemCategories).
    200: ok('All categories', Type.Array(CategoryDto), {
      items: { operationId: 'CatalogController_itemsByCategory1', parameters: { slug1: '$response.body#/0/slug', offset: 0 } },
    }),
    ...errorResponses({ 400: 'Unknown query parameter' }),
  },
});

/**
 * The links of an item: its routes with the stores of the request (by its EAN too), its category path (itemCategories is the
 * breadcrumb, top level first; the first page), a new cart holding it, and a price alert on it. `at` points at the
 * item in the answer.
 * The alternatives and an alert need at least one store: the first store that prices the item (the request's storeIds may be empty).
 */
const itemLinks = (at: string): Record<string, LinkContract> => {
  const id = `$response.body#${at}/id`;
  const slug = (level: number) => `$response.body#${at}/itemCategories/${level}/category/slug`;
  return {
    alternatives: { operationId: 'CatalogController_itemAlternatives', parameters: { id, storeIds: `$response.body#${at}/storeItems/0/storeId` } },
    history: { operationId: 'CatalogController_itemHistory', parameters: { id, storeIds: '$request.query.storeIds' } },
    byEan: { operationId: 'CatalogController_itemByEan', parameters: { ean: `$response.body#${at}/ean`, storeIds: '$request.query.storeIds' } },
    category1: { operationId: 'CatalogController_itemsByCategory1', parameters: { slug1: slug(0), offset: 0 } },
    category2: { operationId: 'CatalogController_itemsByCategory2', parameters: { slug1: slug(0), slug2: slug(1), offset: 0 } },
    category3: { operationId: 'CatalogController_itemsByCategory3', parameters: { slug1: slug(0), slug2: slug(1), slug3: slug(2), offset: 0 } },
    addToCart: { operationId: 'ShoppingCartsController_add', parameters: { cartId: 'NO_ID', itemId: id } },
    alert: { operationId: 'AlertsController_subscribe', requestBody: { itemId: id, storeIds: [`$response.body#${at}/storeItems/0/storeId`] } },
  };
};
const itemListLinks: Record<string, LinkContract> = {
  item: { operationId: 'CatalogController_item', parameters: { id: '$response.body#/0/id', storeIds: '$request.query.storeIds' } },
  ...itemLinks('/0'),
};

const searchContract = routeContract({
  query: Type.Object(
    { search: Type.Optional(SearchText), storeIds: Type.Optional(StoreIds()), limit: Type.Optional(Limit(CATALOG_LIMITS.searchPage.max, CATALOG_LIMITS.searchPage.default)), offset: Type.Optional(Offset) },
    { additionalProperties: false },
  ),
  responses: {
    200: ok('Matching items, best match first; empty without search text or storeIds', Type.Array(ItemDto), itemListLinks),
    ...errorResponses({ 400: 'Bad or unknown query parameter' }),
  },
});

const categoryQuery = Type.Object({ storeIds: Type.Optional(StoreIds()), limit: Type.Optional(Limit(CATALOG_LIMITS.limit, CATALOG_LIMITS.categoryPageDefault)), offset: Type.Optional(Offset) }, { additionalProperties: false });
const categoryResponses = {
  200: ok('Items of the category and its descendants', Type.Array(ItemDto), itemListLinks),
  ...errorResponses({ 400: 'Bad slug or query parameter', 404: 'Unknown category path' }),
};
const slug1Contract = routeContract({ params: Type.Object({ slug1: Slug }), query: categoryQuery, responses: categoryResponses });
const slug2Contract = routeContract({ params: Type.Object({ slug1: Slug, slug2: Slug }), query: categoryQuery, responses: categoryResponses });
const slug3Contract = routeContract({ params: Type.Object({ slug1: Slug, slug2: Slug, slug3: Slug }), query: categoryQuery, responses: categoryResponses });

const itemContract = routeContract({
  params: Type.Object({ id: Id('item id') }),
  query: Type.Object({ storeIds: Type.Optional(StoreIds()) }, { additionalProperties: false }),
  responses: { 200: ok('The item with prices in the chosen stores', ItemDto, itemLinks('')), ...errorResponses({ 400: 'Bad item id or storeIds', 404: 'Unknown item' }) },
});

const itemByEanContract = routeContract({
  params: Type.Object({ ean: Ean }),
  query: Type.Object({ storeIds: Type.Optional(StoreIds()) }, { additionalProperties: false }),
  responses: {
    200: ok('The product with this barcode, as GET /api/items/{id} answers it', ItemDto, {
      item: { operationId: 'CatalogController_item', parameters: { id: '$response.body#/id', storeIds: '$request.query.storeIds' } },
      ...itemLinks(''),
    }),
    ...errorResponses({ 400: 'Not 8 or 13 digits, a wrong check digit, or bad storeIds', 404: 'No product has this code' }),
  },
});

const alternativesContract = routeContract({
  params: Type.Object({ id: Id('item id') }),
  query: Type.Object({ storeIds: StoreIds({ required: true }) }, { additionalProperties: false }),
  responses: {
    200: ok('The item\'s lowest comparison price in the chosen stores and up to 5 cheaper products of the same kind, best first', ItemAlternativesDto),
    ...errorResponses({ 400: 'Bad item id, missing or bad storeIds, unknown query parameter', 404: 'Unknown item' }),
  },
});

const historyContract = routeContract({
  params: Type.Object({ id: Id('item id') }),
  query: Type.Object({ storeIds: Type.Optional(StoreIds()) }, { additionalProperties: false }),
  responses: { 200: ok('Price periods per store, in the order asked', ItemHistoryDto), ...errorResponses({ 400: 'Bad item id or storeIds', 404: 'Unknown item' }) },
});

const sortedKey = (storeIds: number[]): string => distinctIds(storeIds).sort((a, b) => a - b).join(',');

/** The category list as `GET /api/categories` caches it; the gateway's first screen (setup.ts) reads the same entry. */
export const cachedCategories = (cache: ResponseCache, backend: Backend): Promise<JsonBody<CategoryDto[]>> =>
  cache.wrapJson('categories', 300, () => backend.categories());

/** One item as `GET /api/items/:id` caches it for these stores; the gateway's first screen reads the same entry. */
export const cachedItem = (cache: ResponseCache, backend: Backend, id: number, storeIds: number[]): Promise<JsonBody<ItemDto>> =>
  cache.wrapJson(`item:${id}:${sortedKey(storeIds)}`, 30, () => backend.item(id, storeIds));

@ApiTags('catalog')
@Controller()
export class CatalogController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('categories')
  @ApiOperation({ summary: 'All categories (three levels)' })
  @Route(categoriesContract)
  categories(): Promise<JsonBody<CategoryDto[]>> {
    return cachedCategories(this.cache, this.backend);
  }

  @Get('items')
  @ApiOperation({ summary: 'Search items; nothing without storeIds' })
  @Route(searchContract)
  async search(@Input() { query }: RouteInput<typeof searchContract>): Promise<JsonBody<ItemDto[]>> {
    const search = (query.search ?? '').trim();
    const storeIds = distinctIds(query.storeIds);
    const limit = query.limit ?? CATALOG_LIMITS.searchPage.default;
    const offset = query.offset ?? 0;
    if (storeIds.length === 0 || search === '') return new JsonBody<ItemDto[]>('[]');
    return this.cache.wrapJsonText(`items:${search.toLowerCase()}:${sortedKey(storeIds)}:${limit}:${offset}`, 30, () => this.backend.searchItemsJson(search, storeIds, limit, offset));
  }

  @Get('items/categories/:slug1')
  @ApiOperation({ summary: 'Items of a top-level category and its descendants' })
  @Route(slug1Contract)
  itemsByCategory1(@Input() { params, query }: RouteInput<typeof slug1Contract>): Promise<JsonBody<ItemDto[]>> {
    return this.itemsByCategory([params.slug1], query);
  }

  @Get('items/categories/:slug1/:slug2')
  @ApiOperation({ summary: 'Items of a second-level category and its descendants' })
  @Route(slug2Contract)
  itemsByCategory2(@Input() { params, query }: RouteInput<typeof slug2Contract>): Promise<JsonBody<ItemDto[]>> {
    return this.itemsByCategory([params.slug1, params.slug2], query);
  }

  @Get('items/categories/:slug1/:slug2/:slug3')
  @ApiOperation({ summary: 'Items of a third-level category' })
  @Route(slug3Contract)
  itemsByCategory3(@Input() { params, query }: RouteInput<typeof slug3Contract>): Promise<JsonBody<ItemDto[]>> {
    return this.itemsByCategory([params.slug1, params.slug2, params.slug3], query);
  }

  private itemsByCategory(slugPath: string[], query: RouteInput<typeof slug1Contract>['query']): Promise<JsonBody<ItemDto[]>> {
    const storeIds = distinctIds(query.storeIds);
    const limit = query.limit ?? CATALOG_LIMITS.categoryPageDefault;
    const offset = query.offset ?? 0;
    return this.cache.wrapJson(`category:${slugPath.join('/')}:${sortedKey(storeIds)}:${limit}:${offset}`, 30, () => this.backend.itemsByCategory(slugPath, storeIds, limit, offset));
  }

  @Get('items/byEan/:ean')
  @ApiOperation({
    summary: 'The product a scanned barcode names, with prices in the chosen stores',
    description:
      'The same answer as GET /api/items/{id} for the product whose EAN is this EAN-8 or EAN-13 code (a feed\'s GTIN-14 ' +
      'or UPC-A form of it counts). 400 says whether the length or the GS1 check digit is wrong; 404 when no product has the code.',
  })
  @Route(itemByEanContract)
  async itemByEan(@Input() { params, query }: RouteInput<typeof itemByEanContract>): Promise<JsonBody<ItemDto>> {
    const ean = checkEan(params.ean);
    if (!ean.ok) throw new BadRequestException(ean.message);
    const storeIds = distinctIds(query.storeIds);
    return this.cache.wrapJson(`itemByEan:${ean.ean}:${sortedKey(storeIds)}`, 30, () => this.backend.itemByEan(ean.ean, storeIds));
  }

  @Get('items/:id')
  @ApiOperation({ summary: 'One item with prices in the chosen stores' })
  @Route(itemContract)
  item(@Input() { params, query }: RouteInput<typeof itemContract>): Promise<JsonBody<ItemDto>> {
    const storeIds = distinctIds(query.storeIds);
    return cachedItem(this.cache, this.backend, params.id, storeIds);
  }

  @Get('items/:id/alternatives')
  @ApiOperation({
    summary: 'Cheaper products of the same kind in the chosen stores',
    description:
      'Products of the same lowest category whose lowest comparison price (cents per comparisonPriceUnit: kg, l, kpl…) in the chosen ' +
      'stores is below the item\'s own lowest one there, in the same unit; best first, at most 5, each with savingPerUnit (cents). ' +
      'The item without a comparison price in those stores: comparisonPrice null and no alternatives.',
  })
  @Route(alternativesContract)
  itemAlternatives(@Input() { params, query }: RouteInput<typeof alternativesContract>): Promise<JsonBody<ItemAlternativesDto>> {
    const storeIds = distinctIds(query.storeIds);
    return this.cache.wrapJson(`alternatives:${params.id}:${sortedKey(storeIds)}`, 30, () => this.backend.itemAlternatives(params.id, storeIds));
  }

  @Get('items/:id/history')
  @ApiOperation({
    summary: 'Price history of an item in the chosen stores',
    description:
      'Every change of each chosen store\'s price as periods {from, to, price, isCampaign} (oldest first, `to` null while current; ' +
      'prices in integer cents), and lowest30Days: the lowest price in effect during the last 30 days. Stores come in the order asked; ' +
      'a store without data has no periods and lowest30Days null. No storeIds: no stores.',
  })
  @Route(historyContract)
  itemHistory(@Input() { params, query }: RouteInput<typeof historyContract>): Promise<JsonBody<ItemHistoryDto>> {
    const storeIds = distinctIds(query.storeIds);
    // Stores come back in the order asked, so the order is part of the key.
    return this.cache.wrapJson(`history:${params.id}:${storeIds.join(',')}`, 30, () => this.backend.itemHistory(params.id, storeIds));
  }
}
