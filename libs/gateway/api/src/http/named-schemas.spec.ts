import { CartWriteResult } from '../dto/schemas';
import { hoistNamedSchemas } from './named-schemas';

describe('named schemas in the OpenAPI document', () => {
  const answer = (schema: unknown) => ({ responses: { 200: { content: { 'application/json': { schema } } } } });
  const document = {
    paths: {
      '/api/shoppingCarts/{cartId}/items/{itemId}': {
        put: answer(JSON.parse(JSON.stringify(CartWriteResult))),
        delete: answer(JSON.parse(JSON.stringify(CartWriteResult))),
      },
    },
    components: { securitySchemes: { hk_admin: {} } },
  };

  it('answers a cart-item write with a $ref to CartWriteResult, not an inline {id} the path would name an item', () => {
    const hoisted = hoistNamedSchemas(document);
    const ref = { $ref: '#/components/schemas/CartWriteResult' };
    expect(hoisted.paths['/api/shoppingCarts/{cartId}/items/{itemId}'].put.responses[200].content['application/json'].schema).toEqual(ref);
    expect(hoisted.paths['/api/shoppingCarts/{cartId}/items/{itemId}'].delete.responses[200].content['application/json'].schema).toEqual(ref);
    expect(hoisted.components).toEqual({
      securitySchemes: { hk_admin: {} },
      schemas: {
        CartWriteResult: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', format: 'uuid', description: 'the cart id to keep from now on' } },
        },
      },
    });
    expect(JSON.stringify(hoisted)).not.toContain('x-component');
  });

  it('refuses two different schemas under one name', () => {
    const clash = { paths: { a: { x: { 'x-component': 'A', type: 'string' } }, b: { x: { 'x-component': 'A', type: 'integer' } } } };
    expect(() => hoistNamedSchemas(clash)).toThrow('Two different schemas are named A');
  });
});
