import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AdminCatalog } from './admin/admin-catalog';
import { ADMIN_OPTIONS } from './admin/admin-options';
import { AdminSessionController } from './admin/admin-session.controller';
import { AdminSessionsService } from './admin/admin-sessions.service';
import { Backend } from './backend';
import { AdminController } from './controllers/admin.controller';
import { AlertsController } from './controllers/alerts.controller';
import { CatalogController } from './controllers/catalog.controller';
import { PricesController } from './controllers/prices.controller';
import { ClientErrorsController } from './controllers/client-errors.controller';
import { ComparisonsController } from './controllers/comparisons.controller';
import { ShoppingCartsController } from './controllers/shopping-carts.controller';
import { StoresController } from './controllers/stores.controller';
import { ResponseCache } from './http/response-cache';
import { apiDocument } from './setup';

/**
 * The gateway's controllers with nothing behind them: enough for the document, which only reads their declarations.
 * (Not the health routes: they take no ids and have no links, and their controller needs the messaging clients.)
 */
@Module({
  controllers: [
    CatalogController,
    PricesController,
    StoresController,
    ShoppingCartsController,
    ComparisonsController,
    ClientErrorsController,
    AdminController,
    AlertsController,
    AdminSessionController,
  ],
  providers: [Backend, ResponseCache, AdminCatalog, AdminSessionsService, ADMIN_OPTIONS].map((provide) => ({ provide, useValue: {} })),
})
class DocumentOnlyModule {}

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }>; links?: Record<string, Link> }>;
}
interface Link {
  operationId: string;
  parameters?: Record<string, unknown>;
  requestBody?: Record<string, unknown>;
}

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;
  const operations = new Map<string, Operation & { label: string }>();

  beforeAll(async () => {
    const app = await NestFactory.create<NestExpressApplication>(DocumentOnlyModule, { logger: ['error'], abortOnError: false });
    app.setGlobalPrefix('api');
    document = apiDocument(app);
    await app.close();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods as Record<string, Operation>)) {
        operations.set(operation.operationId, { ...operation, label: `${method.toUpperCase()} ${path}` });
      }
    }
  });

  /** Follows $refs into components.schemas. */
  const resolve = (schema: Json): Json => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    return resolve((document.components?.schemas as Record<string, Json>)[ref.replace('#/components/schemas/', '')]);
  };

  /** The schema a JSON pointer reaches in an answer of this schema, or undefined when no answer can have it. */
  const schemaAt = (schema: Json, pointer: string): Json | undefined => {
    let at: Json | undefined = resolve(schema);
    for (const token of pointer.split('/').slice(1)) {
      if (!at) return undefined;
      if (at.type === 'array' && /^\d+$/.test(token)) at = resolve(at.items as Json);
      else if (at.type === 'object' && (at.properties as Json | undefined)?.[token]) at = resolve((at.properties as Record<string, Json>)[token]);
      else return undefined;
    }
    return at;
  };

  const linksOf = (label: string) => {
    const operation = [...operations.values()].find((o) => o.label === label);
    if (!operation) throw new Error(`no operation ${label}`);
    return Object.fromEntries(Object.entries(operation.responses).flatMap(([status, response]) => (response.links ? [[status, response.links]] : [])));
  };

  /** Every link with where it starts. */
  const allLinks = () =>
    [...operations.values()].flatMap((source) =>
      Object.entries(source.responses).flatMap(([status, response]) => Object.entries(response.links ?? {}).map(([name, link]) => ({ source, status, name, link }))),
    );

  it('links every id an answer gives to the operations that take it', () => {
    const cartWrite = linksOf('PUT /api/shoppingCarts/{cartId}/items/{itemId}')['200'];
    expect(cartWrite.cart).toEqual({ operationId: 'ShoppingCartsController_get', parameters: { cartId: '$response.body#/id' } });
    expect(cartWrite.increment.parameters).toEqual({ cartId: '$response.body#/id', itemId: '$request.path.itemId' });
    expect(cartWrite.comparison).toEqual({ operationId: 'ComparisonsController_basket', parameters: { cartId: '$response.body#/id' } });
    expect(cartWrite.split).toEqual({ operationId: 'ComparisonsController_split', requestBody: { cartId: '$response.body#/id' } });
    for (const write of ['DELETE /api/shoppingCarts/{cartId}/items/{itemId}', 'POST /api/shoppingCarts/{cartId}/items/{itemId}/increment', 'POST /api/shoppingCarts/{cartId}/items/{itemId}/decrement']) {
      expect(linksOf(write)['200']).toEqual(cartWrite);
    }
    for (const list of ['GET /api/stores', 'GET /api/stores/location', 'GET /api/stores/minimal']) {
      expect(linksOf(list)['200']).toMatchObject({
        store: { operationId: 'StoresController_store', parameters: { id: '$response.body#/0/id' } },
        campaignItems: { operationId: 'StoresController_campaignItems', parameters: { id: '$response.body#/0/id' } },
        offers: { operationId: 'StoresController_offers', parameters: { storeId: '$response.body#/0/id' } },
      });
    }
    expect(linksOf('GET /api/categories')['200'].items).toEqual({ operationId: 'CatalogController_itemsByCategory1', parameters: { slug1: '$response.body#/0/slug', offset: 0 } });
    expect(linksOf('GET /api/items/{id}')['200'].category3.parameters).toEqual({
      slug1: '$response.body#/itemCategories/0/category/slug',
      slug2: '$response.body#/itemCategories/1/category/slug',
      slug3: '$response.body#/itemCategories/2/category/slug',
      offset: 0,
    });
    const confirm = linksOf('POST /api/alerts/confirm/{token}')['200'];
    for (const name of ['manage', 'erase', 'unsubscribe']) expect(confirm[name].parameters).toEqual({ token: '$response.body#/manageToken' });
    expect(linksOf('GET /api/alerts/manage/{token}')['200'].deleteWatch.parameters).toEqual({ token: '$request.path.token', watchId: '$response.body#/watches/0/id' });
    expect(linksOf('POST /api/admin/category-mappings')['201'].remove).toEqual({ operationId: 'AdminController_remove', parameters: { id: '$response.body#/id' } });
  });

  it('leaves no operation that takes an id without a link into it, except the ones only an e-mail opens', () => {
    const linked = new Set(allLinks().map(({ link }) => link.operationId));
    // An id in the path, or a single id the query must have (storeId; the storeIds lists take any known store).
    const takingIds = [...operations.values()].filter((o) => o.parameters?.some((p) => p.in === 'path' || (p.in === 'query' && p.required && /Id$/.test(p.name))));
    const unlinked = takingIds.filter((o) => !linked.has(o.operationId)).map((o) => o.label);
    // The confirmation token is in the confirmation mail only (double opt-in), so nothing in the API gives it.
    expect(unlinked).toEqual(['POST /api/alerts/confirm/{token}']);
  });

  it('has every link name an operation, its parameters and body fields, and reach values its answers have', () => {
    const links = allLinks();
    expect(links.length).toBeGreaterThan(50);
    for (const { source, status, name, link } of links) {
      const where = `${source.label} ${status} → ${name}`;
      const target = operations.get(link.operationId);
      expect({ where, target: target?.label }).toEqual({ where, target: expect.any(String) });
      if (!target) continue;
      const answer = source.responses[status].content?.['application/json']?.schema;
      const check = (expression: unknown, field: string) => {
        if (typeof expression !== 'string' || !expression.startsWith('$')) return; // a constant, such as NO_ID
        const body = /^\$response\.body#(\/.*)$/.exec(expression);
        const request = /^\$request\.(path|query)\.(\w+)$/.exec(expression);
        expect({ where, field, expression, valid: Boolean(body || request) }).toMatchObject({ valid: true });
        if (body) expect({ where, field, pointer: body[1], reaches: Boolean(answer && schemaAt(answer, body[1])) }).toMatchObject({ reaches: true });
        if (request) {
          const declared = source.parameters?.some((p) => p.in === request[1] && p.name === request[2]);
          expect({ where, field, expression, declared }).toMatchObject({ declared: true });
        }
      };
      for (const [parameter, expression] of Object.entries(link.parameters ?? {})) {
        expect({ where, parameter, declared: target.parameters?.some((p) => p.name === parameter) }).toMatchObject({ declared: true });
        check(expression, parameter);
      }
      const bodySchema = target.requestBody?.content['application/json']?.schema;
      for (const [field, expression] of Object.entries(link.requestBody ?? {})) {
        expect({ where, field, declared: Boolean(bodySchema && schemaAt(bodySchema, `/${field}`)) }).toMatchObject({ declared: true });
        for (const item of Array.isArray(expression) ? expression : [expression]) check(item, field);
      }
    }
  });

  it('documents lat and long of the store box as optional, each ignored alone, and no 400 for one without the other', () => {
    const location = [...operations.values()].find((o) => o.label === 'GET /api/stores/location') as Operation;
    const parameter = (name: string) => location.parameters?.find((p) => p.name === name);
    for (const name of ['lat', 'long']) {
      expect(parameter(name)).toMatchObject({ in: 'query', required: false });
      expect(parameter(name)?.schema.description).toContain('alone it is ignored');
    }
    for (const name of ['minLat', 'maxLat', 'minLong', 'maxLong']) expect(parameter(name)).toMatchObject({ in: 'query', required: true });
    expect(JSON.stringify(location.responses['400'])).not.toMatch(/lat without long|together/);
  });

  it('documents cards and date on the comparisons (body fields of storeTotals and split, query parameters of the basket), never bonusStoreIds', () => {
    const cards = (schema: Json | undefined) => (schema?.items as { anyOf?: { const?: string }[] } | undefined)?.anyOf?.map((c) => c.const);
    for (const id of ['ComparisonsController_storeTotals', 'ComparisonsController_split']) {
      const body = resolve(operations.get(id)?.requestBody?.content['application/json']?.schema ?? {});
      const properties = body.properties as Record<string, Json>;
      expect(cards(properties.cards)).toEqual(['k-plussa', 'lidl-plus', 's-etukortti']);
      expect(properties.cards).toMatchObject({ type: 'array', uniqueItems: true });
      expect(properties.date).toMatchObject({ type: 'string', format: 'date' });
      expect(properties.bonusStoreIds).toBeUndefined();
      expect(JSON.stringify(properties)).not.toContain('x-items-expected');
    }
    const basket = operations.get('ComparisonsController_basket') as Operation;
    const parameter = (name: string) => basket.parameters?.find((p) => p.name === name);
    expect(parameter('cards')).toMatchObject({ in: 'query', required: false });
    expect(cards(parameter('cards')?.schema)).toEqual(['k-plussa', 'lidl-plus', 's-etukortti']);
    expect(parameter('date')).toMatchObject({ in: 'query', required: false, schema: { format: 'date' } });
    expect(parameter('bonusStoreIds')).toBeUndefined();
  });
});
