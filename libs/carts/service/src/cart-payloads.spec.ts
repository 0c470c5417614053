import { CartWriteRequest, GetCartRequest, LatestCartForOwnerRequest } from '@hintakori/carts-contracts';
import { PayloadPipe } from '@hintakori/platform-messaging';
import { cartRef } from './cart-ref';

/** The carts payload contracts as the service's one payload pipe applies them. */
const get = new PayloadPipe(GetCartRequest);
const write = new PayloadPipe(CartWriteRequest);
const owner = new PayloadPipe(LatestCartForOwnerRequest);

const CART = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';


describe('cart payload contracts', () => {
  it('accepts a UUID (any case, used in lower case) and the NO_ID placeholder', () => {
    expect(cartRef(get.transform({ cartId: CART.toUpperCase() }).cartId)).toEqual({ kind: 'existing', id: CART });
    const request = { cartId: 'NO_ID', itemId: 7, ownerId: 'browser-1' };
    expect(write.transform(request)).toBe(request);
    expect(cartRef(request.cartId)).toEqual({ kind: 'new' });
  });

  it.each([['not-a-uuid'], [''], [42], [null], [`${CART}x`], ['no_id']])('rejects cartId %p', (cartId) => {
    expect(get.problem({ cartId })).toMatch(/^cartId must be a UUID or NO_ID, got /);
  });

  it('names a missing cartId', () => {
    expect(get.problem({})).toBe('cartId is required');
  });

  it.each([[0], [-1], [1.5], ['7'], [Number.NaN], [2_147_483_648], [null]])('rejects itemId %p', (itemId) => {
    expect(write.problem({ cartId: CART, itemId, ownerId: 'b' })).toMatch(/^itemId must be a positive integer, got /);
  });

  it('accepts the largest PostgreSQL integer as itemId', () => {
    expect(write.transform({ cartId: CART, itemId: 2_147_483_647, ownerId: 'b' }).itemId).toBe(2_147_483_647);
  });

  it.each([[''], ['x'.repeat(65)], [7], [null], ['has space'], ['nul\u0000byte']])('rejects ownerId %p', (ownerId) => {
    expect(owner.problem({ ownerId })).toMatch(/^ownerId must be a non-empty string of at most 64 printable characters, got /);
  });

  it('accepts a 64-character owner id', () => {
    expect(owner.transform({ ownerId: 'a'.repeat(64) }).ownerId).toBe('a'.repeat(64));
  });

  it.each([[null], ['cart'], [[CART]], [undefined]])('rejects a payload that is not an object: %p', (payload) => {
    expect(write.problem(payload)).toBe('The request body must be a JSON object');
  });
});
