import { ItemDto } from '@hintakori/catalog-contracts';
import { ComparedPrice, ComparisonLine, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
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

@ApiTags('comparisons')
@Controller('shoppingCartComparisons')
export class ComparisonsController {
  constructor(private readonly backend: Backend) {}

  @Get()
  @ApiOperation({ summary: "The cart's items with a price (or an estimate) in every chosen store" })
  @Route(basketContract)
  async basket(@Input() { query }: RouteInput<typeof basketContract>, @OwnerId() ownerId: string): Promise<(ItemDto & { quantity: number; storeItems: ComparedPrice[] })[]> {
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

  /** Lines come from the body, from the cart named, or else from this browser's latest cart. */
  private async resolveLines(cartId: string | undefined, items: ComparisonLine[] | undefined, ownerId: string): Promise<ComparisonLine[]> {
    if (items !== undefined) return items.map(({ itemId, quantity }) => ({ itemId, quantity }));
    if (cartId !== undefined) return (await this.backend.cart(cartId.toLowerCase())).items;
    return (await this.backend.latestCart(ownerId))?.items ?? [];
  }
}
