import { BadRequestException } from '@nestjs/common';
import { Type } from 'typebox';
import { CartIdOrNew, Id, Limit, NoQuery, SearchText, StoreIds } from '../dto/schemas';
import { CompiledContract, routeContract } from './contract';
import { allowedMethodsOf } from './method-not-allowed';

const contract = new CompiledContract(
  routeContract({
    params: Type.Object({ id: Id('item id'), cartId: CartIdOrNew }),
    query: Type.Object({ search: Type.Optional(SearchText), storeIds: Type.Optional(StoreIds()), limit: Type.Optional(Limit(200, 100)) }, { additionalProperties: false }),
    body: Type.Object({ items: Type.Array(Type.Object({ itemId: Id('itemId'), quantity: Type.Integer({ minimum: 1, maximum: 999 }) }, { additionalProperties: false })) }, { additionalProperties: false }),
    responses: {},
  }),
);
const params = { id: '7', cartId: 'NO_ID' };
const body = { items: [{ itemId: 1, quantity: 2 }] };
const check = (request: { params?: unknown; query?: unknown; body?: unknown }) => contract.validate({ params, query: {}, body, ...request });
const message = (request: { params?: unknown; query?: unknown; body?: unknown }): string => {
  try {
    check(request);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return String((error as BadRequestException).message);
  }
  throw new Error('accepted');
};

describe('route contracts', () => {
  it('converts path and query text to the declared types', () => {
    expect(check({ query: { limit: '20', search: 'maito' } })).toEqual({ params: { id: 7, cartId: 'NO_ID' }, query: { limit: 20, search: 'maito' }, body });
  });

  it('takes storeIds comma-separated, repeated or both', () => {
    expect(check({ query: { storeIds: '1,2,3' } }).query).toEqual({ storeIds: [1, 2, 3] });
    expect(check({ query: { storeIds: ['1', '2,5'] } }).query).toEqual({ storeIds: [1, 2, 5] });
    expect(check({ query: { storeIds: '' } }).query).toEqual({ storeIds: [] });
  });

  it('names the field and the problem', () => {
    expect(message({ query: { storeIds: '1,abc' } })).toBe('storeIds must be positive integers, got "abc"');
    expect(message({ query: { storeIds: '2147483648' } })).toBe('storeIds must be positive integers, got 2147483648');
    expect(message({ query: { storeIds: Array.from({ length: 101 }, (_, i) => i + 1).join(',') } })).toBe('storeIds may list at most 100 values, got 101');
    expect(message({ query: { limit: '500' } })).toBe('limit must be a whole number from 1 to 200, got 500');
    expect(message({ query: { limit: 'ten' } })).toBe('limit must be a whole number from 1 to 200, got "ten"');
    expect(message({ query: { limit: ['1', '2'] } })).toBe('limit must be a single value');
    expect(message({ query: { search: 'x'.repeat(201) } })).toBe('search must be at most 200 characters, got 201');
    expect(message({ query: { colour: 'red', size: 'L' } })).toBe('Unknown query parameters: colour, size');
    expect(message({ params: { id: 'abc', cartId: 'NO_ID' } })).toBe('item id must be a positive integer, got "abc"');
    expect(message({ params: { id: '1', cartId: 'nope' } })).toBe('cartId must be a UUID or NO_ID, got "nope"');
  });

  it('checks JSON bodies to the element', () => {
    expect(message({ body: [] })).toBe('The request body must be a JSON object');
    expect(message({ body: {} })).toBe('items is required');
    expect(message({ body: { items: [{ itemId: 1, quantity: 0 }] } })).toBe('items[0].quantity must be a whole number from 1 to 999, got 0');
    expect(message({ body: { items: [{ itemId: 1, quantity: 1, note: 'x' }] } })).toBe('items[0] has unknown field: note');
    expect(message({ body: { ...body, colour: 'red' } })).toBe('Unknown field in body: colour');
  });

  it('refuses any parameter on a route that has none', () => {
    const none = new CompiledContract({ query: NoQuery, responses: {} });
    expect(() => none.validate({ query: { x: '1' } })).toThrow('Unknown query parameter: x');
    expect(none.validate({ query: {} }).query).toEqual({});
  });
});

describe('405 for undeclared methods', () => {
  const allowed = allowedMethodsOf({ paths: { '/api/items/{id}': { get: {} }, '/api/shoppingCarts/{cartId}/items/{itemId}': { put: {}, delete: {} } } });

  it('lists the methods of the path, and nothing for unknown paths', () => {
    expect(allowed('/api/items/12')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(allowed('/api/shoppingCarts/NO_ID/items/3')).toEqual(['PUT', 'DELETE', 'OPTIONS']);
    expect(allowed('/api/items/12/nothing')).toBeNull();
    expect(allowed('/api/elsewhere')).toBeNull();
  });

  it('takes a concrete path over a template that also matches it', () => {
    const admin = allowedMethodsOf({
      paths: { '/api/admin/category-mappings/unmapped': { get: {} }, '/api/admin/category-mappings/{id}': { delete: {} }, '/api/admin/category-mappings': { get: {}, post: {} } },
    });
    expect(admin('/api/admin/category-mappings/unmapped')).toEqual(['GET', 'HEAD', 'OPTIONS']);
    expect(admin('/api/admin/category-mappings/12')).toEqual(['DELETE', 'OPTIONS']);
    expect(admin('/api/admin/category-mappings')).toEqual(['GET', 'POST', 'HEAD', 'OPTIONS']);
  });
});
