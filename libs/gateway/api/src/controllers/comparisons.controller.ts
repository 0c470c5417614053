import { distinctIds, REPEATED_IDS_POLICY, type MemberCard, ShoppingDate } from '@hintakori/shared-contracts';
import {
  BasketSplitRequest,
  BasketSplitResult,
  ComparedStoreIds,
  ComparisonLine,
  CostPerKmCents,
  GeoPoint,
  SPLIT_LIMITS,
  SplitMaxStores,
  StoreTotalsResult,
} from '@hintakori/comparisons-contracts';
import { BadRequestException, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { Cards, CartId, ComparedItem, errorResponses, ok, StoreIds } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { OwnerId } from '../http/owner.decorator';
import { BasketItems } from './basket-items';
import { tillRequest } from './till-request';

const MAX_LINES = 500;
const ComparisonType = Type.Literal('default', { description: 'the comparison kind (only "default" today)' });
/** Whose till total: the shopper's cards and the shopping day (every comparison route takes them). */
const till = { cards: Type.Optional(Cards), date: Type.Optional(ShoppingDate) };
const TILL_400 = 'an unknown or repeated card, a date that does not exist or is more than 60 days from today';

export const basketContract = routeContract({
  query: Type.Object({ storeIds: StoreIds({ required: true }), type: Type.Optional(ComparisonType), cartId: Type.Optional(CartId), ...till }, { additionalProperties: false }),
  responses: {
    200: ok("The cart's items, each with a price (or an estimate) in every chosen store; without cartId this browser's latest cart", Type.Array(ComparedItem)),
    ...errorResponses({ 400: `Bad, missing or unknown query parameter (${TILL_400})`, 404: 'Unknown cart' }),
  },
});

/** A line of an HTTP body: the message's line, and no other field. */
const Line = Type.Object(ComparisonLine.properties, { additionalProperties: false });

export const storeTotalsContract = routeContract({
  body: Type.Object(
    {
      storeIds: StoreIds({ required: true }),
      type: Type.Optional(ComparisonType),
      cartId: Type.Optional(CartId),
      items: Type.Optional(Type.Array(Line, { maxItems: MAX_LINES, description: `at most ${MAX_LINES} lines, an item listed twice counts twice; instead of cartId` })),
      ...till,
    },
    { additionalProperties: false, not: { required: ['cartId', 'items'] } },
  ),
  responses: {
    200: ok('Cart total per store in cents; missing prices estimated from the other stores; the cheapest flagged', StoreTotalsResult),
    ...errorResponses({ 400: `Body not JSON, a bad or unknown field (${TILL_400}), or both cartId and items`, 404: 'Unknown cart', 413: 'Body over 100 kB' }),
  },
});

/** Limits of an exact split (the comparisons service enumerates every store subset). */
const { stores: MAX_SPLIT_STORES, lines: MAX_SPLIT_LINES } = SPLIT_LIMITS;

export const splitContract = routeContract({
  body: Type.Object(
    {
      storeIds: Type.Array(ComparedStoreIds(MAX_SPLIT_STORES).items, { minItems: 1, maxItems: MAX_SPLIT_STORES, description: `the stores to split over, 1–${MAX_SPLIT_STORES}; ${REPEATED_IDS_POLICY}` }),
      type: Type.Optional(ComparisonType),
      cartId: Type.Optional(CartId),
      items: Type.Optional(Type.Array(Line, { maxItems: MAX_SPLIT_LINES, description: `at most ${MAX_SPLIT_LINES} lines; instead of cartId` })),
      maxStores: Type.Optional(
        Type.Integer({ ...SplitMaxStores, default: SPLIT_LIMITS.defaultMaxStores, description: `at most this many stores (1–${SPLIT_LIMITS.maxStores}, default ${SPLIT_LIMITS.defaultMaxStores})` }),
      ),
      origin: Type.Optional(Type.Object(GeoPoint.properties, { additionalProperties: false, description: 'where the trip starts; gives extraDistanceKm and worthIt' })),
      costPerKmCents: Type.Optional(
        Type.Integer({ ...CostPerKmCents, default: SPLIT_LIMITS.defaultCostPerKmCents, description: `cost of one km of travel in cents (default ${SPLIT_LIMITS.defaultCostPerKmCents})` }),
      ),
      ...till,
    },
    { additionalProperties: false, not: { required: ['cartId', 'items'] } },
  ),
  responses: {
    200: ok('The split', BasketSplitResult),
    ...errorResponses({ 400: 'Body not JSON, a bad or unknown field (storeIds 1–20, items ≤ 200, maxStores 1–3, origin, costPerKmCents, cards, date), or both cartId and items', 404: 'Unknown cart', 413: 'Body over 100 kB' }),
  },
});

@ApiTags('comparisons')
@Controller('shoppingCartComparisons')
export class ComparisonsController {
  /** Item details of the baskets compared lately (no prices), so a basket asked for again skips the catalog. */
  private readonly basketItems: BasketItems;

  constructor(private readonly backend: Backend) {
    this.basketItems = new BasketItems((ids) => this.backend.items(ids, []));
  }

  @Get()
  @ApiOperation({ summary: "The cart's items with a price (or an estimate) in every chosen store" })
  @Route(basketContract)
  async basket(@Input() { query }: RouteInput<typeof basketContract>, @OwnerId() ownerId: string): Promise<ComparedItem[]> {
    const storeIds = distinctIds(query.storeIds);
    const till = await this.till(query, storeIds);
    const lines = await this.resolveLines(query.cartId, undefined, ownerId);
    if (lines.length === 0) return [];
    const [basket, byId] = await Promise.all([
      this.backend.basket(storeIds, lines, till),
      this.basketItems.get(lines.map((line) => line.itemId)),
    ]);
    return basket.flatMap((line) => {
      const item = byId.get(line.itemId);
      return item ? [{ ...item, quantity: line.quantity, storeItems: line.storeItems }] : [];
    });
  }

  @Post('storeTotals')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cart total per store; missing prices estimated from the other stores; the cheapest flagged',
    description:
      'total is what the cart costs in the store, container deposits (pantti) included; deposits is the part of total that is ' +
      'deposits (quantity × storeItems[].deposit, an estimated line with the average deposit), shown as its own line. ' +
      'Prices and comparison prices never include deposits.',
  })
  @Route(storeTotalsContract)
  async storeTotals(@Input() { body }: RouteInput<typeof storeTotalsContract>, @OwnerId() ownerId: string): Promise<StoreTotalsResult> {
    const storeIds = distinctIds(body.storeIds);
    const till = await this.till(body, storeIds);
    const lines = await this.resolveLines(body.cartId, body.items, ownerId);
    return this.backend.storeTotals(storeIds, lines, till);
  }

  @Post('split')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Split the cart over at most maxStores of the chosen stores (exact) and compare with the cheapest single store',
    description:
      'Lines come from items, from cartId, or else from this browser\'s latest cart (as storeTotals). Every subset of 1…maxStores ' +
      'stores is tried; each line goes to the cheapest store of the best subset. A store without a price of an item gets the average ' +
      'over the chosen stores that have one (isEstimated: true); a line with no price anywhere has storeId and price null. ' +
      'With origin, extraDistanceKm is the extra length of the shortest round trip through the split\'s stores over the trip to the ' +
      'cheapest single store, and worthIt says whether the saving exceeds extraDistanceKm × costPerKmCents. Money in integer cents.',
  })
  @Route(splitContract)
  async split(@Input() { body }: RouteInput<typeof splitContract>, @OwnerId() ownerId: string): Promise<BasketSplitResult> {
    const storeIds = distinctIds(body.storeIds);
    const request: BasketSplitRequest = {
      storeIds,
      lines: [],
      ...(await this.till(body, storeIds)),
      maxStores: body.maxStores ?? SPLIT_LIMITS.defaultMaxStores,
      costPerKmCents: body.costPerKmCents ?? SPLIT_LIMITS.defaultCostPerKmCents,
    };
    if (body.origin) request.origin = { lat: body.origin.lat, long: body.origin.long };
    request.lines = await this.resolveLines(body.cartId, body.items, ownerId);
    if (request.lines.length > MAX_SPLIT_LINES) throw new BadRequestException(`A split takes at most ${MAX_SPLIT_LINES} lines, got ${request.lines.length}`);
    if (request.origin) {
      const stores = await this.backend.stores(storeIds);
      request.locations = stores.filter((s) => s.lat !== null && s.long !== null).map((s) => ({ storeId: s.id, lat: s.lat as number, long: s.long as number }));
    }
    return this.backend.split(request);
  }

  /** The request's cards and shopping day, checked, with the S group's stores among storeIds when the cards earn the bonus. */
  private till(input: { cards?: MemberCard[]; date?: string }, storeIds: number[]) {
    return tillRequest(input, storeIds, (ids) => this.backend.stores(ids));
  }

  /** Lines come from the body, from the cart named, or else from this browser's latest cart. */
  private async resolveLines(cartId: string | undefined, items: ComparisonLine[] | undefined, ownerId: string): Promise<ComparisonLine[]> {
    if (items !== undefined) return items.map(({ itemId, quantity }) => ({ itemId, quantity }));
    if (cartId !== undefined) return (await this.backend.cart(cartId.toLowerCase())).items;
    return (await this.backend.latestCart(ownerId))?.items ?? [];
  }
}
