import {
  CATALOG_LIMITS,
  CreateCategoryMappingRequest,
  GetItemByEanRequest,
  GetItemRequest,
  GetItemsRequest,
  ItemsByCategoryRequest,
  PriceChangesRequestSchema,
  SearchItemsRequest,
  StoreCampaignItemsRequest,
} from '@hintakori/catalog-contracts';
import { payloadPipe } from '@hintakori/platform-messaging';
import type { TSchema } from 'typebox';
import { distinctIds } from '@hintakori/shared-contracts';
import { pageOf } from './items/page';

/** The catalog's payload contracts as the service's one payload pipe applies them. */
const refusal = (schema: TSchema, input: unknown) => payloadPipe(schema).problem(input);
const accepts = (schema: TSchema, input: unknown) => expect(payloadPipe(schema).transform(input)).toBe(input);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('catalog payloads', () => {
  it('refuses a payload that is not an object', () => {
    for (const bad of ['x', null, [1]]) expect(refusal(GetItemRequest, bad)).toBe('The request body must be a JSON object');
  });

  it('takes positive 32-bit integer ids only, naming the field and the value', () => {
    accepts(GetItemRequest, { id: 2_147_483_647, storeIds: [1] });
    expect(refusal(GetItemRequest, { id: 'abc' })).toBe('id must be a positive integer, got "abc"');
    for (const bad of [0, -1, 1.5, 2 ** 31]) expect(refusal(GetItemRequest, { id: bad })).toBe(`id must be a positive integer, got ${bad}`);
    expect(refusal(GetItemRequest, {})).toBe('id is required');
  });

  it('takes storeIds as an optional list of at most 100 ids', () => {
    accepts(GetItemRequest, { id: 1 });
    accepts(GetItemRequest, { id: 1, storeIds: ids(CATALOG_LIMITS.storeIds) });
    expect(refusal(GetItemRequest, { id: 1, storeIds: ids(101) })).toBe('storeIds may list at most 100 values, got 101');
    expect(refusal(GetItemRequest, { id: 1, storeIds: '1,2' })).toBe('storeIds must be a list, got "1,2"');
    expect(refusal(GetItemRequest, { id: 1, storeIds: [1, 0] })).toBe('storeIds must be positive integers, got 0');
  });

  it('requires the ids of GetItems, at most 1000; the handler answers a repeated one once', () => {
    accepts(GetItemsRequest, { ids: ids(CATALOG_LIMITS.itemIds), storeIds: [] });
    expect(refusal(GetItemsRequest, { storeIds: [] })).toBe('ids is required');
    expect(refusal(GetItemsRequest, { ids: [1, 'x'] })).toBe('ids must be positive integers, got "x"');
    expect(refusal(GetItemsRequest, { ids: ids(1001) })).toBe('ids may list at most 1000 values, got 1001');
    expect(distinctIds([3, 1, 3, 2])).toEqual([3, 1, 2]);
    expect(distinctIds(undefined)).toEqual([]);
  });

  it('bounds a page and fills its defaults (50 from the first)', () => {
    accepts(SearchItemsRequest, { search: 'maito', storeIds: [1], limit: 500, offset: 100_000 });
    expect(pageOf({})).toEqual({ limit: CATALOG_LIMITS.defaultLimit, offset: 0 });
    expect(pageOf({ limit: 20, offset: 40 })).toEqual({ limit: 20, offset: 40 });
    expect(refusal(SearchItemsRequest, { limit: 0 })).toBe('limit must be a whole number from 1 to 500, got 0');
    expect(refusal(SearchItemsRequest, { limit: 10, offset: -1 })).toBe('offset must be a whole number from 0 to 100000, got -1');
  });

  it('takes search text of any length (the handler cuts it at 200 characters)', () => {
    accepts(SearchItemsRequest, { search: 'x'.repeat(1000) });
    expect(refusal(SearchItemsRequest, { search: 42 })).toBe('search must be text, got 42');
  });

  it('takes one to three category slugs', () => {
    accepts(ItemsByCategoryRequest, { slugPath: ['maito-juusto-munat-ja-rasvat', 'maidot'] });
    expect(refusal(ItemsByCategoryRequest, { slugPath: [] })).toBe('slugPath must list at least one value');
    expect(refusal(ItemsByCategoryRequest, { slugPath: ['a', ''] })).toBe('slugPath must be category slug (a-z, 0-9 and hyphens, at most 120 characters) values, got ""');
    expect(refusal(ItemsByCategoryRequest, { slugPath: 'a/b' })).toBe('slugPath must be a list, got "a/b"');
    expect(refusal(ItemsByCategoryRequest, { slugPath: ['a', 'b', 'c', 'd'] })).toBe('slugPath may list at most 3 values, got 4');
  });

  it('takes an EAN of 8 or 13 digits (its check digit is the handler\'s)', () => {
    accepts(GetItemByEanRequest, { ean: '6408430000036', storeIds: [] });
    expect(refusal(GetItemByEanRequest, { ean: 6408430000036, storeIds: [] })).toBe('ean must be an EAN-8 or EAN-13 code (8 or 13 digits), got 6408430000036');
  });

  it('bounds a store\'s campaign page at 100 and takes realOnly as true or false', () => {
    accepts(StoreCampaignItemsRequest, { storeId: 1, realOnly: true, limit: 100, offset: 0 });
    expect(refusal(StoreCampaignItemsRequest, { storeId: 1, limit: 101 })).toBe('limit must be a whole number from 1 to 100, got 101');
    expect(refusal(StoreCampaignItemsRequest, { storeId: 1, realOnly: 'yes' })).toBe('realOnly must be true or false, got "yes"');
  });

  it('takes a mapping\'s texts not blank, within their limits and without control characters', () => {
    accepts(CreateCategoryMappingRequest, { categoryId: 1, externalType: 's-group', externalId: ' Maidot ' });
    expect(refusal(CreateCategoryMappingRequest, { categoryId: 1, externalType: ' ', externalId: 'b' })).toBe(
      'externalType must be text of at most 100 characters, not blank, without control characters, got " "',
    );
    expect(refusal(CreateCategoryMappingRequest, { categoryId: 1, externalType: 'a', externalId: 'b'.repeat(501) })).toBe('externalId must be at most 500 characters, got 501');
    expect(refusal(CreateCategoryMappingRequest, { categoryId: 'x', externalType: 'a', externalId: 'b' })).toBe('categoryId must be a positive integer, got "x"');
  });

  it('names what is wrong with a price-changes request', () => {
    const valid = { storeIds: [1], days: 7, direction: 'down', limit: 50, offset: 0 };
    accepts(PriceChangesRequestSchema, valid);
    expect(refusal(PriceChangesRequestSchema, { ...valid, direction: 'sideways' })).toBe('direction must be down or up, got "sideways"');
    expect(refusal(PriceChangesRequestSchema, { ...valid, category: 'Ei Slug' })).toBe(
      'category must be a category slug (a-z, 0-9 and hyphens, at most 120 characters), got "Ei Slug"',
    );
    expect(refusal(PriceChangesRequestSchema, { ...valid, extra: 1 })).toBe('Unknown field in body: extra');
  });
});
