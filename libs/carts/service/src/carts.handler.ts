import { CartDto, CartsPatterns, CartWriteRequest, CartWriteResult, GetCartRequest, LatestCartForOwnerRequest } from '@hintakori/carts-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { cartRef, CartWrite } from './cart-ref';
import { CartsService } from './carts.service';

const toWrite = ({ cartId, itemId, ownerId }: CartWriteRequest): CartWrite => ({ cart: cartRef(cartId), itemId, ownerId });

/** Answers every carts pattern; each payload is checked against its contract schema before it gets here. */
@Controller()
export class CartsHandler {
  constructor(private readonly carts: CartsService) {}

  @MessagePattern(CartsPatterns.Get)
  get(@ValidPayload(GetCartRequest) request: GetCartRequest): Promise<CartDto> {
    return this.carts.get(cartRef(request.cartId));
  }

  @MessagePattern(CartsPatterns.LatestForOwner)
  latestForOwner(@ValidPayload(LatestCartForOwnerRequest) request: LatestCartForOwnerRequest): Promise<CartDto> {
    return this.carts.latestForOwner(request.ownerId);
  }

  @MessagePattern(CartsPatterns.AddItem)
  addItem(@ValidPayload(CartWriteRequest) request: CartWriteRequest): Promise<CartWriteResult> {
    return this.carts.write('add', toWrite(request));
  }

  @MessagePattern(CartsPatterns.RemoveItem)
  removeItem(@ValidPayload(CartWriteRequest) request: CartWriteRequest): Promise<CartWriteResult> {
    return this.carts.write('remove', toWrite(request));
  }

  @MessagePattern(CartsPatterns.Increment)
  increment(@ValidPayload(CartWriteRequest) request: CartWriteRequest): Promise<CartWriteResult> {
    return this.carts.write('increment', toWrite(request));
  }

  @MessagePattern(CartsPatterns.Decrement)
  decrement(@ValidPayload(CartWriteRequest) request: CartWriteRequest): Promise<CartWriteResult> {
    return this.carts.write('decrement', toWrite(request));
  }
}
