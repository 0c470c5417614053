import { DEFAULT_CAMPAIGN_ITEMS_PAGE, MAX_CAMPAIGN_ITEMS_PAGE, StoreCampaignItemsDto } from '@hintakori/catalog-contracts';
import {
  OfferDto,
  STORE_BOX_DEGREES,
  STORE_BOX_RULES,
  STORE_LIMITS,
  STORE_PAGE_SIZE,
  storeBoxPoint,
  storeBoxProblem,
  StoreByShopStoreIdRequest,
  StoreDto,
  StoreMinimalDto,
  StoresInBoxRequest,
  StoreSkip,
} from '@hintakori/stores-contracts';
import { BadRequestException, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { errorResponses, Id, Limit, NoQuery, Offset, ok, searchText } from '../dto/schemas';
import { Input, LinkContract, Route, routeContract, RouteInput } from '../http/contract';
import { JsonBody, ResponseCache } from '../http/response-cache';

// The box's coordinates as the stores contract has them. Examples: central Helsinki (a box of the demo data, and of the real one).
const box = StoresInBoxRequest.properties;
const Latitude = (description: string, example: number) => Type.Number({ ...box.minLat, description, examples: [example] });
const Longitude = (description: string, example: number) => Type.Number({ ...box.minLong, description, examples: [example] });

/** The links of an answer that lists stores: the first store's page, campaign items and offers, and items priced there. */
const storeListLinks = {
  store: { operationId: 'StoresController_store', parameters: { id: '$response.body#/0/id' } },
  campaignItems: { operationId: 'StoresController_campaignItems', parameters: { id: '$response.body#/0/id' } },
  offers: { operationId: 'StoresController_offers', parameters: { storeId: '$response.body#/0/id' } },
  items: { operationId: 'CatalogController_search', parameters: { storeIds: '$response.body#/0/id' } },
} satisfies Record<string, LinkContract>;

const searchContract = routeContract({
  query: Type.Object(
    {
      search: Type.Optional(searchText(STORE_LIMITS.searchLength)),
      limit: Type.Optional(Limit(STORE_LIMITS.search.max, STORE_LIMITS.search.default)),
    },
    { additionalProperties: false },
  ),
  responses: { 200: ok('Stores, best match first', Type.Array(StoreDto), storeListLinks), ...errorResponses({ 400: 'Bad or unknown query parameter' }) },
});

export const locationContract = routeContract({
  query: Type.Object(
    {
      minLat: Latitude('south edge', 60.14),
      minLong: Longitude('west edge', 24.85),
      maxLat: Latitude(`north edge (a box over ${STORE_BOX_DEGREES.lat}° of latitude is answered for that much of it)`, 60.23),
      maxLong: Longitude(`east edge (a box over ${STORE_BOX_DEGREES.long}° of longitude is answered for that much of it)`, 25.05),
      lat: Type.Optional(Latitude('latitude of the point to sort by distance from; used only together with long (alone it is ignored)', 60.17)),
      long: Type.Optional(Longitude('longitude of the point to sort by distance from; used only together with lat (alone it is ignored)', 24.94)),
      limit: Type.Optional(Limit(STORE_LIMITS.box.max, STORE_LIMITS.box.default)),
    },
    { additionalProperties: false },
  ),
  responses: {
    200: ok('Stores inside the box; nearest first, with distance, when both lat and long are given', Type.Array(StoreDto), storeListLinks),
    ...errorResponses({ 400: `Bad, missing or unknown query parameter, or a box that is inverted` }),
  },
});

const minimalContract = routeContract({
  query: Type.Object({ skip: Type.Optional(Type.Integer({ ...StoreSkip, default: 0, description: 'stores to skip' })) }, { additionalProperties: false }),
  responses: {
    200: ok(`A page of ${STORE_PAGE_SIZE} stores ordered by name and id; fewer means the last page`, Type.Array(StoreMinimalDto), storeListLinks),
    ...errorResponses({ 400: 'Bad or unknown query parameter' }),
  },
});

const storeContract = routeContract({
  params: Type.Object({ id: Id('store id') }),
  query: NoQuery,
  responses: {
    200: ok('The store with opening times from yesterday to six days ahead', StoreDto, {
      campaignItems: { operationId: 'StoresController_campaignItems', parameters: { id: '$response.body#/id' } },
      offers: { operationId: 'StoresController_offers', parameters: { storeId: '$response.body#/id' } },
    }),
    ...errorResponses({ 400: 'Bad store id', 404: 'Unknown store' }),
  },
});

const byShopStoreIdContract = routeContract({
  // The stores contract's request is the query: the same shop names and id rule in the service and here.
  query: StoreByShopStoreIdRequest,
  responses: {
    200: ok("The store with that shop's own store id, as GET /api/stores/{id} answers it (its id is Hintakori's)", StoreDto, {
      store: { operationId: 'StoresController_store', parameters: { id: '$response.body#/id' } },
    }),
    ...errorResponses({ 400: 'Bad or missing shop or id', 404: "No open store of the shop's group has that store id" }),
  },
});

const offersContract = routeContract({
  query: Type.Object({ storeId: Id('storeId') }, { additionalProperties: false }),
  responses: { 200: ok("The store's current offers", Type.Array(OfferDto)), ...errorResponses({ 400: 'Missing or bad storeId', 404: 'Unknown store' }) },
});

const campaignItemsContract = routeContract({
  params: Type.Object({ id: Id('store id') }),
  query: Type.Object(
    {
      realOnly: Type.Optional(Type.Boolean({ default: false, description: 'only campaigns below their 30-day low (real discounts)' })),
      limit: Type.Optional(Limit(MAX_CAMPAIGN_ITEMS_PAGE, DEFAULT_CAMPAIGN_ITEMS_PAGE)),
      offset: Type.Optional(Offset),
    },
    { additionalProperties: false },
  ),
  responses: {
    200: ok(
      "A page of the store's campaign-priced products: real discounts first (biggest saving first), then campaigns without history, then those not below their 30-day low",
      StoreCampaignItemsDto,
      {
        item: { operationId: 'CatalogController_item', parameters: { id: '$response.body#/items/0/item/id', storeIds: '$request.path.id' } },
        addToCart: { operationId: 'ShoppingCartsController_add', parameters: { cartId: 'NO_ID', itemId: '$response.body#/items/0/item/id' } },
      },
    ),
    ...errorResponses({ 400: 'Bad store id or query parameter', 404: 'Unknown store' }),
  },
});

@ApiTags('stores')
@Controller()
export class StoresController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
  ) {}

  @Get('stores')
  @ApiOperation({ summary: 'Search stores by name, chain, city or address' })
  @Route(searchContract)
  search(@Input() { query }: RouteInput<typeof searchContract>): Promise<JsonBody<StoreDto[]>> {
    const search = (query.search ?? '').trim();
    const limit = query.limit ?? STORE_LIMITS.search.default;
    return this.cache.wrapJson(`stores:${search.toLowerCase()}:${limit}`, 60, () => this.backend.searchStores(search, limit));
  }

  @Get('stores/location')
  @ApiOperation({
    summary: 'Stores inside a bounding box; nearest first with distance in metres when lat and long are given',
    description:
      `The box: ${STORE_BOX_RULES}. ` +
      'lat and long are one point: given together they sort the stores by distance and add it; one of them alone is ignored.',
  })
  @Route(locationContract)
  location(@Input() { query }: RouteInput<typeof locationContract>): Promise<StoreDto[]> {
    // The box's rules across its parameters, which OpenAPI cannot state, are the stores contract's (the service applies
    // the same); refused here before the call (the contract gate's hooks generate boxes that keep them).
    const problem = storeBoxProblem(query);
    if (problem !== null) throw new BadRequestException(problem);
    const { minLat, maxLat, minLong, maxLong } = query;
    // The point is a pair: one coordinate alone is ignored (as documented), so every request the schema allows is answered.
    return this.backend.storesInBox({ minLat, minLong, maxLat, maxLong, ...storeBoxPoint(query), limit: query.limit ?? STORE_LIMITS.box.default });
  }

  @Get('stores/minimal')
  @ApiOperation({ summary: 'All stores in pages of 200 by skip' })
  @Route(minimalContract)
  minimal(@Input() { query }: RouteInput<typeof minimalContract>): Promise<JsonBody<StoreMinimalDto[]>> {
    const skip = query.skip ?? 0;
    return this.cache.wrapJson(`stores-minimal:${skip}`, 120, () => this.backend.minimalStores(skip, STORE_PAGE_SIZE));
  }

  // Before stores/:id, which would take "byShopStoreId" for an id (and refuse it).
  @Get('stores/byShopStoreId')
  @ApiOperation({
    summary: "The store a web shop's own store id names (s-kaupat: the S group's stores, k-ruoka: the K group's)",
    description: "The browser extension reads the shop's store id from the shop's page and asks which Hintakori store it is. Only open stores.",
  })
  @Route(byShopStoreIdContract)
  byShopStoreId(@Input() { query }: RouteInput<typeof byShopStoreIdContract>): Promise<JsonBody<StoreDto>> {
    return this.cache.wrapJson(`store-by-shop:${query.shop}:${query.id}`, 60, () => this.backend.storeByShopStoreId(query));
  }

  @Get('stores/:id')
  @ApiOperation({ summary: 'One store with opening times from yesterday to six days ahead' })
  @Route(storeContract)
  store(@Input() { params }: RouteInput<typeof storeContract>): Promise<JsonBody<StoreDto>> {
    return this.cache.wrapJson(`store:${params.id}`, 60, () => this.backend.store(params.id));
  }

  @Get('stores/:id/campaignItems')
  @ApiOperation({
    summary: "A store's campaign-priced products with their 30-day low, real discounts first",
    description:
      'Every product the store prices as a campaign, with price and lowestPrice30d (integer cents; the lowest price in the 30 days ' +
      'before the campaign price, the EU price-indication rule\'s reference). isRealDiscount: the campaign price is below that low. ' +
      'Order: real discounts by saving (largest first), then campaigns without history, then the rest; by name within each. ' +
      '`realOnly=true` leaves only the real discounts. Paged by limit and offset; total counts all pages.',
  })
  @Route(campaignItemsContract)
  async campaignItems(@Input() { params, query }: RouteInput<typeof campaignItemsContract>): Promise<JsonBody<StoreCampaignItemsDto>> {
    const realOnly = query.realOnly ?? false;
    const limit = query.limit ?? DEFAULT_CAMPAIGN_ITEMS_PAGE;
    const offset = query.offset ?? 0;
    // The store lookup answers 404 for an unknown store (catalog knows prices, not stores).
    const [, page] = await Promise.all([
      this.cache.wrapJson(`store:${params.id}`, 60, () => this.backend.store(params.id)),
      this.cache.wrapJson(`campaign-items:${params.id}:${realOnly}:${limit}:${offset}`, 60, () =>
        this.backend.storeCampaignItems({ storeId: params.id, realOnly, limit, offset }),
      ),
    ]);
    return page;
  }

  @Get('offers')
  @ApiOperation({ summary: "A store's current offers" })
  @Route(offersContract)
  offers(@Input() { query }: RouteInput<typeof offersContract>): Promise<JsonBody<OfferDto[]>> {
    return this.cache.wrapJson(`offers:${query.storeId}`, 120, () => this.backend.offers(query.storeId));
  }
}
