import { BadRequestException } from '@nestjs/common';
import { parseGetRequest, parseOwnerRequest, parseWriteRequest, REQUEST_MESSAGES } from './cart-requests';

const CART = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

function rejection(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a BadRequestException');
}

describe('cart request validation', () => {
  it('accepts a UUID (any case, answered in lower case) and the NO_ID placeholder', () => {
    expect(parseGetRequest({ cartId: CART.toUpperCase() })).toEqual({ kind: 'existing', id: CART });
    expect(parseWriteRequest({ cartId: 'NO_ID', itemId: 7, ownerId: 'browser-1' })).toEqual({ cart: { kind: 'new' }, itemId: 7, ownerId: 'browser-1' });
  });

  it.each([['not-a-uuid'], [''], [42], [null], [undefined], [`${CART}x`], ['no_id']])('rejects cartId %p', (cartId) => {
    expect(rejection(() => parseGetRequest({ cartId }))).toBe(REQUEST_MESSAGES.cartId);
  });

  it.each([[0], [-1], [1.5], ['7'], [Number.NaN], [2_147_483_648], [null]])('rejects itemId %p', (itemId) => {
    expect(rejection(() => parseWriteRequest({ cartId: CART, itemId, ownerId: 'b' }))).toBe(REQUEST_MESSAGES.itemId);
  });

  it('accepts the largest PostgreSQL integer as itemId', () => {
    expect(parseWriteRequest({ cartId: CART, itemId: 2_147_483_647, ownerId: 'b' }).itemId).toBe(2_147_483_647);
  });

  it.each([[''], ['x'.repeat(65)], [7], [null], ['has space'], ['nul\u0000byte']])('rejects ownerId %p', (ownerId) => {
    expect(rejection(() => parseOwnerRequest({ ownerId }))).toBe(REQUEST_MESSAGES.ownerId);
  });

  it('accepts a 64-character owner id', () => {
    expect(parseOwnerRequest({ ownerId: 'a'.repeat(64) })).toBe('a'.repeat(64));
  });

  it.each([[null], ['cart'], [[CART]], [undefined]])('rejects a payload that is not an object: %p', (payload) => {
    expect(rejection(() => parseWriteRequest(payload))).toBe(REQUEST_MESSAGES.notAnObject);
  });
});
