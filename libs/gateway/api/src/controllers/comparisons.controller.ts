import { ItemDto } from '@hintakori/catalog-contracts';
import { BasketSplitRequest, BasketSplitResult, ComparedPrice, ComparisonLine, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { BadRequestException, Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { parseCartId, parseStoreIds } from '../dto/parsing';
import { CartId, ComparedItem, errorResponses, Id, ok, StoreIds, StoreTotals } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { OwnerId } from '../http/owner.decorator';

const MAX_LINES = 500;
const ComparisonType = Type.Literal('default', { description: 'the comparison kind (only "default" today)' });

const basketContract = routeContract({
  query: Type.Object({ storeIds: StoreIds({ required: true }), type: Type.Optional(ComparisonType), cartId: Type.Optional(CartId) }, { additionalProperties: false }),
  responses: {
    200: ok("The cart's items, each with a price (or an estimate) in every chosen store; without cartId this browser's latest cart", Type.Array(ComparedItem)),
    ...errorResponses({ 400: 'Bad, missing or unknown query parameter', 404: 'Unknown cart' }),
  },
});

const Line = Type.Object({ itemId: Id('itemId'), quantity: Type.Integer({ minimum: 1, maximum: 999 }) }, { additionalProperties: false });

const storeTotalsContract = routeContract({
  body: Type.Object(
    {
      storeIds: StoreIds({ required: true }),
      type: Type.Optional(ComparisonType),
      cartId: Type.Optional(CartId),
      items: Type.Optional(Type.Array(Line, { maxItems: MAX_LINES, description: `at most ${MAX_LINES} lines, an item listed twice counts twice; instead of cartId` })),
    },
    { additionalProperties: false, not: { required: ['cartId', 'items'] } },
  ),
  responses: {
    200: ok('Cart total per store in cents; missing prices estimated from the other stores; the cheapest flagged', StoreTotals),
    ...errorResponses({ 400: 'Body not JSON, a bad or unknown field, or both cartId and items', 404: 'Unknown cart', 413: 'Body over 100 kB' }),
  },
});

const COMPARISON_TYPES = ['default'];
/** Limits of an exact split (the comparisons service enumerates every store subset). */
const MAX_SPLIT_STORES = 20;
const MAX_SPLIT_LINES = 200;

@ApiTags('comparisons')
@Controller('shoppingCartComparisons')
export class ComparisonsController {
  constructor(private readonly backend: Backend) {}

  @Get()
  @ApiOperation({ summary: "The cart's items with a price (or an estimate) in every chosen store" })
  @Route(basketContract)
  async basket(@Input() { query }: RouteInput<typeof basketContract>, @OwnerId() ownerId: string): Promise<(Omit<ItemDto, 'storeItems'> & { quantity: number; storeItems: ComparedPrice[] })[]> {
    const storeIds = [...new Set(query.storeIds)];
    const lines = await this.resolveLines(query.cartId, undefined, ownerId);
    if (lines.length === 0) return [];
    const [basket, items] = await Promise.all([
      this.backend.basket(storeIds, lines),
      this.backend.items(
        lines.map((line) => line.itemId),
        [],
      ),
    ]);
    const byId = new Map(items.map((item) => [item.id, item]));
    return basket.flatMap((line) => {
      const item = byId.get(line.itemId);
      return item ? [{ ...item, quantity: line.quantity, storeItems: line.storeItems }] : [];
    });
  }

  @Post('storeTotals')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cart total per store; missing prices estimated from the other stores; the cheapest flagged' })
  @Route(storeTotalsContract)
  async storeTotals(@Input() { body }: RouteInput<typeof storeTotalsContract>, @OwnerId() ownerId: string): Promise<StoreTotalsResult> {
    const lines = await this.resolveLines(body.cartId, body.items, ownerId);
    return this.backend.storeTotals([...new Set(body.storeIds)], lines);
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
  @ApiBody({
    schema: {
      type: 'object',
      required: ['storeIds'],
      properties: {
        storeIds: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: MAX_SPLIT_STORES },
        type: { type: 'string', enum: COMPARISON_TYPES },
        cartId: { type: 'string', format: 'uuid' },
        items: {
          type: 'array',
          maxItems: MAX_SPLIT_LINES,
          items: { type: 'object', required: ['itemId', 'quantity'], properties: { itemId: { type: 'integer', minimum: 1 }, quantity: { type: 'integer', minimum: 1, maximum: 999 } } },
        },
        maxStores: { type: 'integer', minimum: 1, maximum: 3, default: 2 },
        origin: { type: 'object', required: ['lat', 'long'], properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, long: { type: 'number', minimum: -180, maximum: 180 } } },
        costPerKmCents: { type: 'integer', minimum: 0, maximum: 10000, default: 25 },
      },
    },
  })
  @ApiResponse({
    status: 200,
    description: 'The split',
    schema: {
      type: 'object',
      required: ['stores', 'lines', 'total', 'cheapestSingleStore', 'saving', 'worthIt'],
      properties: {
        stores: { type: 'array', items: { type: 'integer' } },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              itemId: { type: 'integer' },
              quantity: { type: 'integer' },
              storeId: { type: 'integer', nullable: true },
              price: { type: 'integer', nullable: true, description: 'unit price, cents' },
              isEstimated: { type: 'boolean' },
            },
          },
        },
        total: { type: 'integer' },
        cheapestSingleStore: { type: 'object', nullable: true, properties: { storeId: { type: 'integer' }, total: { type: 'integer' } } },
        saving: { type: 'integer' },
        extraDistanceKm: { type: 'number' },
        travelCostCents: { type: 'integer' },
        worthIt: { type: 'boolean' },
      },
    },
  })
  @ApiResponse({ status: 400, description: 'Bad body: unknown field, bad storeIds (1–20), items (≤ 200), maxStores (1–3), origin or costPerKmCents; message names it' })
  @ApiResponse({ status: 404, description: 'Unknown cartId' })
  async split(@Body() body: unknown, @OwnerId() ownerId: string): Promise<BasketSplitResult> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestException('The body must be a JSON object');
    const fields = body as Record<string, unknown>;
    const known = ['storeIds', 'type', 'cartId', 'items', 'maxStores', 'origin', 'costPerKmCents'];
    const unknown = Object.keys(fields).filter((key) => !known.includes(key));
    if (unknown.length > 0) throw new BadRequestException(`Unknown field${unknown.length > 1 ? 's' : ''} in body: ${unknown.join(', ')}`);
    parseType(fields.type);
    const storeIds = parseStoreIds(fields.storeIds, { required: true });
    if (storeIds.length > MAX_SPLIT_STORES) throw new BadRequestException(`storeIds may list at most ${MAX_SPLIT_STORES} stores for a split, got ${storeIds.length}`);
    const request: BasketSplitRequest = { storeIds, lines: [], maxStores: 2, costPerKmCents: 25 };
    if (fields.maxStores !== undefined) {
      if (!Number.isInteger(fields.maxStores) || (fields.maxStores as number) < 1 || (fields.maxStores as number) > 3) throw new BadRequestException('maxStores must be 1, 2 or 3');
      request.maxStores = fields.maxStores as number;
    }
    if (fields.costPerKmCents !== undefined) {
      const cost = fields.costPerKmCents;
      if (!Number.isInteger(cost) || (cost as number) < 0 || (cost as number) > 10000) throw new BadRequestException('costPerKmCents must be an integer from 0 to 10000');
      request.costPerKmCents = cost as number;
    }
    if (fields.origin !== undefined) request.origin = parseOrigin(fields.origin);
    if (fields.cartId !== undefined && fields.items !== undefined) throw new BadRequestException('Give either cartId or items, not both');
    if (fields.cartId !== undefined && typeof fields.cartId !== 'string') throw new BadRequestException('cartId must be a UUID');
    const cartId = fields.cartId === undefined ? undefined : parseCartId(fields.cartId as string, false);
    request.lines = await this.resolveLines(cartId, fields.items === undefined ? undefined : parseLines(fields.items), ownerId);
    if (request.lines.length > MAX_SPLIT_LINES) throw new BadRequestException(`A split takes at most ${MAX_SPLIT_LINES} lines, got ${request.lines.length}`);
    if (request.origin) {
      const stores = await this.backend.stores(storeIds);
      request.locations = stores.filter((s) => s.lat !== null && s.long !== null).map((s) => ({ storeId: s.id, lat: s.lat as number, long: s.long as number }));
    }
    return this.backend.split(request);
  }

  /** Lines come from the body, from the cart named, or else from this browser's latest cart. */
  private async resolveLines(cartId: string | undefined, items: ComparisonLine[] | undefined, ownerId: string): Promise<ComparisonLine[]> {
    if (items !== undefined) return items.map(({ itemId, quantity }) => ({ itemId, quantity }));
    if (cartId !== undefined) return (await this.backend.cart(cartId.toLowerCase())).items;
    return (await this.backend.latestCart(ownerId))?.items ?? [];
  }
}

function parseOrigin(raw: unknown): { lat: number; long: number } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequestException('origin must be an object {lat, long}');
  const { lat, long, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new BadRequestException(`Unknown field in origin: ${Object.keys(rest).join(', ')}`);
  if (typeof lat !== 'number' || !Number.isFinite(lat) || Math.abs(lat) > 90) throw new BadRequestException('origin.lat must be a number from -90 to 90');
  if (typeof long !== 'number' || !Number.isFinite(long) || Math.abs(long) > 180) throw new BadRequestException('origin.long must be a number from -180 to 180');
  return { lat, long };
}

function parseType(raw: unknown): void {
  if (raw !== undefined && !COMPARISON_TYPES.includes(raw as string)) throw new BadRequestException(`type must be one of: ${COMPARISON_TYPES.join(', ')}`);
}

function parseLines(raw: unknown): ComparisonLine[] {
  if (!Array.isArray(raw)) throw new BadRequestException('items must be a list of {itemId, quantity}');
  if (raw.length > MAX_LINES) throw new BadRequestException(`items may have at most ${MAX_LINES} lines`);
  const seen = new Set<number>();
  return raw.map((line, index) => {
    const { itemId, quantity } = (line ?? {}) as Record<string, unknown>;
    if (typeof line !== 'object' || line === null || Object.keys(line).some((key) => key !== 'itemId' && key !== 'quantity')) {
      throw new BadRequestException(`items[${index}] must be an object with itemId and quantity only`);
    }
    if (!Number.isInteger(itemId) || (itemId as number) < 1) throw new BadRequestException(`items[${index}].itemId must be a positive integer`);
    if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 999) throw new BadRequestException(`items[${index}].quantity must be an integer from 1 to 999`);
    if (seen.has(itemId as number)) throw new BadRequestException(`items[${index}].itemId ${itemId} is listed twice`);
    seen.add(itemId as number);
    return { itemId: itemId as number, quantity: quantity as number };
  });
}
