import { distinctIds } from '@hintakori/shared-contracts';
import { CartsPatterns, CartWriteResult as CartWriteResultDto } from '@hintakori/carts-contracts';
import { Controller, Delete, Get, HttpCode, NotFoundException, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { Cart, CartId, CartIdOrNew, CartWriteResult, errorResponses, Id, ok, StoreIds } from '../dto/schemas';
import { Input, LinkContract, Route, routeContract, RouteInput } from '../http/contract';
import { OwnerId } from '../http/owner.decorator';

const getContract = routeContract({
  params: Type.Object({ cartId: CartId }),
  query: Type.Object({ storeIds: Type.Optional(StoreIds()) }, { additionalProperties: false }),
  responses: {
    200: ok('The cart with its items and their prices in the chosen stores', Cart, {
      comparison: { operationId: 'ComparisonsController_basket', parameters: { cartId: '$response.body#/id' } },
      increment: { operationId: 'ShoppingCartsController_increment', parameters: { cartId: '$response.body#/id', itemId: '$response.body#/items/0/item/id' } },
      decrement: { operationId: 'ShoppingCartsController_decrement', parameters: { cartId: '$response.body#/id', itemId: '$response.body#/items/0/item/id' } },
      remove: { operationId: 'ShoppingCartsController_remove', parameters: { cartId: '$response.body#/id', itemId: '$response.body#/items/0/item/id' } },
    }),
    ...errorResponses({ 400: 'Bad cart id or storeIds', 404: 'Unknown cart' }),
  },
});

const writeParams = Type.Object({ cartId: CartIdOrNew, itemId: Id('item id') });
const cartId = '$response.body#/id';
const itemId = '$request.path.itemId';
/** Every write answers the cart's id (a new one for NO_ID): the cart, its lines and its comparison take it. */
const writeLinks: Record<string, LinkContract> = {
  cart: { operationId: 'ShoppingCartsController_get', parameters: { cartId } },
  add: { operationId: 'ShoppingCartsController_add', parameters: { cartId, itemId } },
  increment: { operationId: 'ShoppingCartsController_increment', parameters: { cartId, itemId } },
  decrement: { operationId: 'ShoppingCartsController_decrement', parameters: { cartId, itemId } },
  remove: { operationId: 'ShoppingCartsController_remove', parameters: { cartId, itemId } },
  comparison: { operationId: 'ComparisonsController_basket', parameters: { cartId } },
  storeTotals: { operationId: 'ComparisonsController_storeTotals', requestBody: { cartId } },
  split: { operationId: 'ComparisonsController_split', requestBody: { cartId } },
};
const writeContract = (whatHappens: string, notFound: string) =>
  routeContract({
    params: writeParams,
    responses: { 200: ok(`${whatHappens}; answers the cart id to keep`, CartWriteResult, writeLinks), ...errorResponses({ 400: 'Bad cart id or item id', 404: notFound }) },
  });
const addContract = writeContract('Added with quantity 1 (NO_ID creates a cart)', 'Unknown item or cart');
const removeContract = writeContract('Removed', 'Unknown cart');
const incrementContract = writeContract('One more', 'Unknown item or cart');
const decrementContract = writeContract('One fewer; at one the line is removed', 'Unknown cart');
type WriteInput = RouteInput<typeof addContract>;

@ApiTags('shopping carts')
@Controller('shoppingCarts')
export class ShoppingCartsController {
  constructor(private readonly backend: Backend) {}

  @Get(':cartId')
  @ApiOperation({ summary: 'A cart with its items and their prices in the chosen stores' })
  @Route(getContract)
  async get(@Input() { params, query }: RouteInput<typeof getContract>): Promise<Cart> {
    const cart = await this.backend.cart(params.cartId.toLowerCase());
    const items = await this.backend.items(
      cart.items.map((line) => line.itemId),
      distinctIds(query.storeIds),
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
  @Route(addContract)
  add(@Input() { params }: WriteInput, @OwnerId() ownerId: string): Promise<CartWriteResultDto> {
    return this.write(CartsPatterns.AddItem, params, ownerId, true);
  }

  @Delete(':cartId/items/:itemId')
  @ApiOperation({ summary: 'Remove an item' })
  @Route(removeContract)
  remove(@Input() { params }: WriteInput, @OwnerId() ownerId: string): Promise<CartWriteResultDto> {
    return this.write(CartsPatterns.RemoveItem, params, ownerId, false);
  }

  @Post(':cartId/items/:itemId/increment')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add one more of an item' })
  @Route(incrementContract)
  increment(@Input() { params }: WriteInput, @OwnerId() ownerId: string): Promise<CartWriteResultDto> {
    return this.write(CartsPatterns.Increment, params, ownerId, true);
  }

  @Post(':cartId/items/:itemId/decrement')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take one away; at one the line is removed' })
  @Route(decrementContract)
  decrement(@Input() { params }: WriteInput, @OwnerId() ownerId: string): Promise<CartWriteResultDto> {
    return this.write(CartsPatterns.Decrement, params, ownerId, false);
  }

  private async write(
    pattern: (typeof CartsPatterns)['AddItem' | 'RemoveItem' | 'Increment' | 'Decrement'],
    { cartId, itemId }: WriteInput['params'],
    ownerId: string,
    itemMustExist: boolean,
  ): Promise<CartWriteResultDto> {
    if (itemMustExist) {
      const { missing } = await this.backend.itemsExist([itemId]);
      if (missing.length > 0) throw new NotFoundException(`Item ${itemId} not found`);
    }
    return this.backend.writeCart(pattern, cartId === 'NO_ID' ? cartId : cartId.toLowerCase(), itemId, ownerId);
  }
}
