import { ItemDto } from '@hintakori/catalog-contracts';
import { ComparedPrice, ComparisonLine, StoreTotalsResult } from '@hintakori/comparisons-contracts';
import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Backend } from '../backend';
import { parseCartId, parseStoreIds, rejectUnknownParams } from '../dto/parsing';
import { OwnerId } from '../http/owner.decorator';

const MAX_LINES = 500;
const COMPARISON_TYPES = ['default'];

@ApiTags('comparisons')
@Controller('shoppingCartComparisons')
export class ComparisonsController {
  constructor(private readonly backend: Backend) {}

  @Get()
  @ApiOperation({ summary: "The cart's items with a price (or an estimate) in every chosen store" })
  async basket(@Query() query: Record<string, unknown>, @OwnerId() ownerId: string): Promise<(Omit<ItemDto, 'storeItems'> & { quantity: number; storeItems: ComparedPrice[] })[]> {
    rejectUnknownParams(query, ['storeIds', 'type', 'cartId']);
    parseType(query.type);
    const storeIds = parseStoreIds(query.storeIds, { required: true });
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
  @ApiBody({
    schema: {
      type: 'object',
      required: ['storeIds'],
      properties: {
        storeIds: { type: 'array', items: { type: 'integer' } },
        type: { type: 'string', enum: COMPARISON_TYPES },
        cartId: { type: 'string', format: 'uuid' },
        items: { type: 'array', items: { type: 'object', properties: { itemId: { type: 'integer' }, quantity: { type: 'integer' } } } },
      },
    },
  })
  async storeTotals(@Body() body: unknown, @OwnerId() ownerId: string): Promise<StoreTotalsResult> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestException('The body must be a JSON object');
    const fields = body as Record<string, unknown>;
    const unknown = Object.keys(fields).filter((key) => !['storeIds', 'type', 'cartId', 'items'].includes(key));
    if (unknown.length > 0) throw new BadRequestException(`Unknown field${unknown.length > 1 ? 's' : ''} in body: ${unknown.join(', ')}`);
    parseType(fields.type);
    const storeIds = parseStoreIds(fields.storeIds, { required: true });
    const lines = await this.resolveLines(fields.cartId, fields.items, ownerId);
    return this.backend.storeTotals(storeIds, lines);
  }

  /** Lines come from the body, from the cart named, or else from this browser's latest cart. */
  private async resolveLines(rawCartId: unknown, rawItems: unknown, ownerId: string): Promise<ComparisonLine[]> {
    if (rawItems !== undefined) {
      if (rawCartId !== undefined) throw new BadRequestException('Give either cartId or items, not both');
      return parseLines(rawItems);
    }
    if (rawCartId !== undefined) {
      if (typeof rawCartId !== 'string') throw new BadRequestException('cartId must be a UUID');
      return (await this.backend.cart(parseCartId(rawCartId, false))).items;
    }
    return (await this.backend.latestCart(ownerId))?.items ?? [];
  }
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
