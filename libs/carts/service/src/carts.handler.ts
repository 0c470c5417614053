import { CartDto, CartsPatterns, CartWriteResult } from '@hintakori/carts-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { parseGetRequest, parseOwnerRequest, parseWriteRequest } from './cart-requests';
import { CartsService } from './carts.service';

/** Answers every carts pattern; payloads are validated here because any caller may send anything. */
@Controller()
export class CartsHandler {
  constructor(private readonly carts: CartsService) {}

  @MessagePattern(CartsPatterns.Get)
  get(@Payload() data: unknown): Promise<CartDto> {
    return this.carts.get(parseGetRequest(data));
  }

  @MessagePattern(CartsPatterns.LatestForOwner)
  latestForOwner(@Payload() data: unknown): Promise<CartDto> {
    return this.carts.latestForOwner(parseOwnerRequest(data));
  }

  @MessagePattern(CartsPatterns.AddItem)
  addItem(@Payload() data: unknown): Promise<CartWriteResult> {
    return this.carts.write('add', parseWriteRequest(data));
  }

  @MessagePattern(CartsPatterns.RemoveItem)
  removeItem(@Payload() data: unknown): Promise<CartWriteResult> {
    return this.carts.write('remove', parseWriteRequest(data));
  }

  @MessagePattern(CartsPatterns.Increment)
  increment(@Payload() data: unknown): Promise<CartWriteResult> {
    return this.carts.write('increment', parseWriteRequest(data));
  }

  @MessagePattern(CartsPatterns.Decrement)
  decrement(@Payload() data: unknown): Promise<CartWriteResult> {
    return this.carts.write('decrement', parseWriteRequest(data));
  }
}
