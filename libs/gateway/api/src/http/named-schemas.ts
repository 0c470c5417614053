/** The keyword that names a schema for the OpenAPI document (`Type.Object({...}, { [COMPONENT]: 'CartWriteResult' })`). */
export const COMPONENT = 'x-component';

/**
 * Moves every schema carrying `x-component: <Name>` into `components.schemas.<Name>` and leaves a `$ref` in its place.
 * A named answer tells clients (and schemathesis' link inference) what an answer is: the `{id}` a cart-item write
 * answers is a CartWriteResult (the cart's id), not the item of the path `/shoppingCarts/{cartId}/items/{itemId}`.
 */
export function hoistNamedSchemas<D extends object>(document: D): D {
  const named: Record<string, unknown> = {};
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const entries = Object.entries(node as Record<string, unknown>).filter(([key]) => key !== COMPONENT);
    const copy = Object.fromEntries(entries.map(([key, value]) => [key, visit(value)]));
    const name = (node as Record<string, unknown>)[COMPONENT];
    if (typeof name !== 'string') return copy;
    if (name in named && JSON.stringify(named[name]) !== JSON.stringify(copy)) throw new Error(`Two different schemas are named ${name}`);
    named[name] = copy;
    return { $ref: `#/components/schemas/${name}` };
  };
  const hoisted = visit(document) as D;
  if (Object.keys(named).length === 0) return hoisted;
  const { components } = hoisted as { components?: { schemas?: Record<string, unknown> } };
  return { ...hoisted, components: { ...components, schemas: { ...components?.schemas, ...named } } };
}
