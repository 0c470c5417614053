import { CartDto, CartWriteResult, NO_CART_ID } from '@hintakori/carts-contracts';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { CART_LIMIT_MESSAGES } from './cart-limits';
import type { CartRef, CartWrite } from './cart-ref';
import { CartsRepository, CartWriteTransaction } from './carts.repository';

export type CartOperation = 'add' | 'remove' | 'increment' | 'decrement';

@Injectable()
export class CartsService {
  constructor(private readonly carts: CartsRepository) {}

  async get(ref: CartRef): Promise<CartDto> {
    const cart = ref.kind === 'existing' ? await this.carts.findById(ref.id) : null;
    if (!cart) throw new NotFoundException(`Cart ${ref.kind === 'existing' ? ref.id : NO_CART_ID} not found`);
    return cart;
  }

  async latestForOwner(ownerId: string): Promise<CartDto> {
    const cart = await this.carts.findLatestByOwner(ownerId);
    if (!cart) throw new NotFoundException('This owner has no cart');
    return cart;
  }

  /**
   * Applies one write and answers the id of the cart it landed in: the same cart when the writer
   * owns it, a new cart for NO_ID, or a fresh copy when the cart belongs to someone else.
   */
  write(operation: CartOperation, request: CartWrite): Promise<CartWriteResult> {
    return this.carts.inTransaction(async (tx) => {
      const cartId = await this.writableCart(tx, request);
      await this.apply(tx, operation, cartId, request.itemId);
      return { id: cartId };
    });
  }

  private async writableCart(tx: CartWriteTransaction, { cart, ownerId }: CartWrite): Promise<string> {
    if (cart.kind === 'new') return tx.createCart(ownerId);
    const claim = await tx.claim(cart.id, ownerId);
    if (claim === 'missing') throw new NotFoundException(`Cart ${cart.id} not found`);
    return claim === 'owned' ? cart.id : tx.copyCart(cart.id, ownerId);
  }

  private async apply(tx: CartWriteTransaction, operation: CartOperation, cartId: string, itemId: number): Promise<void> {
    switch (operation) {
      case 'add':
        if (!(await tx.addLine(cartId, itemId))) throw new BadRequestException(CART_LIMIT_MESSAGES.tooManyLines);
        return;
      case 'increment': {
        const result = await tx.incrementLine(cartId, itemId);
        if (result.quantity === null) {
          throw new BadRequestException(result.previous === null ? CART_LIMIT_MESSAGES.tooManyLines : CART_LIMIT_MESSAGES.quantityTooHigh);
        }
        return;
      }
      case 'decrement':
        return tx.decrementLine(cartId, itemId);
      case 'remove':
        return tx.removeLine(cartId, itemId);
    }
  }
}
