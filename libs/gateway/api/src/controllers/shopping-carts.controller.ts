import { CartsPatterns, CartWriteResult } from '@hintakori/carts-contracts';
import { ItemDto } from '@hintakori/catalog-contracts';
import { Controller, Delete, Get, HttpCode, NotFoundException, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Backend } from '../backend';
import { parseCartId, parseId, parseStoreIds, rejectUnknownParams } from '../dto/parsing';
import { OwnerId } from '../http/owner.decorator';

@ApiTags('shopping carts')
@Controller('shoppingCarts')
export class ShoppingCartsController {
  constructor(private readonly backend: Backend) {}

  @Get(':cartId')
  @ApiOperation({ summary: 'A cart with its items and their prices in the chosen stores' })
  async get(@Param('cartId') rawCartId: string, @Query() query: Record<string, unknown>): Promise<{ id: string; items: { item: ItemDto; quantity: number }[] }> {
    rejectUnknownParams(query, ['storeIds']);
    const cartId = parseCartId(rawCartId, false);
    const storeIds = parseStoreIds(query.storeIds);
    const cart = await this.backend.cart(cartId);
    const items = await this.backend.items(
      cart.items.map((line) => line.itemId),
      storeIds,
    );
    const byId = new Map(items.map((item) => [item.id, item]));
    return {
      id: cart.id,
      items: cart.items.flatMap((line) => {
        const item = byId.get(line.itemId);
        return item ? [{ item, quantity: line.quantity }] : [];
      }),
    };
  }

  @Put(':cartId/items/:itemId')
  @ApiOperation({ summary: 'Add an item (quantity 1); NO_ID creates a cart. Answers the id to keep.' })
  async add(@Param('cartId') cartId: string, @Param('itemId') itemId: string, @OwnerId() ownerId: string): Promise<CartWriteResult> {
    return this.write(CartsPatterns.AddItem, cartId, itemId, ownerId, true);
  }

  @Delete(':cartId/items/:itemId')
  @ApiOperation({ summary: 'Remove an item' })
  async remove(@Param('cartId') cartId: string, @Param('itemId') itemId: string, @OwnerId() ownerId: string): Promise<CartWriteResult> {
    return this.write(CartsPatterns.RemoveItem, cartId, itemId, ownerId, false);
  }

  @Post(':cartId/items/:itemId/increment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add one more of an item' })
  async increment(@Param('cartId') cartId: string, @Param('itemId') itemId: string, @OwnerId() ownerId: string): Promise<CartWriteResult> {
    return this.write(CartsPatterns.Increment, cartId, itemId, ownerId, true);
  }

  @Post(':cartId/items/:itemId/decrement')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take one away; at one the line is removed' })
  async decrement(@Param('cartId') cartId: string, @Param('itemId') itemId: string, @OwnerId() ownerId: string): Promise<CartWriteResult> {
    return this.write(CartsPatterns.Decrement, cartId, itemId, ownerId, false);
  }

  private async write(
    pattern: (typeof CartsPatterns)['AddItem' | 'RemoveItem' | 'Increment' | 'Decrement'],
    rawCartId: string,
    rawItemId: string,
    ownerId: string,
    itemMustExist: boolean,
  ): Promise<CartWriteResult> {
    const cartId = parseCartId(rawCartId, true);
    const itemId = parseId(rawItemId, 'item id');
    if (itemMustExist) {
      const { missing } = await this.backend.itemsExist([itemId]);
      if (missing.length > 0) throw new NotFoundException(`Item ${itemId} not found`);
    }
    return this.backend.writeCart(pattern, cartId, itemId, ownerId);
  }
}
