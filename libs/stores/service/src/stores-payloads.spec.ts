import { GetStoreRequest, GetStoresRequest, MinimalStoresRequest, OffersByStoreRequest, SearchStoresRequest, StoresInBoxRequest } from '@hintakori/stores-contracts';
import { payloadPipe } from '@hintakori/platform-messaging';
import { BadRequestException } from '@nestjs/common';
import type { TSchema } from 'typebox';
import { StoresHandler } from './stores.handler';
import type { StoresService } from './stores.service';

/** The stores payload contracts as the service's one payload pipe applies them, and what the handler adds. */
const refusal = (schema: TSchema, input: unknown) => payloadPipe(schema).problem(input);
const accepts = (schema: TSchema, input: unknown) => expect(payloadPipe(schema).transform(input)).toBe(input);

/** The handler in front of a service that answers with the request it was given. */
const handler = new StoresHandler({
  search: async (request: unknown) => request,
  inBox: async (request: unknown) => request,
  minimal: async (request: unknown) => request,
  getMany: async (request: unknown) => request,
} as unknown as StoresService);
/** The message of the 400 the handler answers. */
async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestException);
  return (error as BadRequestException).message;
}

const box = { minLat: 60.1, minLong: 24.8, maxLat: 60.3, maxLong: 25.1 };

describe('store payloads', () => {
  it('refuses a payload that is not an object', () => {
    expect(refusal(GetStoreRequest, null)).toBe('The request body must be a JSON object');
  });

  it('trims the search, spaces out control characters, defaults the limit to 20 and treats a missing search as empty', async () => {
    await expect(handler.search({ search: '  kamppi ', limit: 5 })).resolves.toEqual({ search: 'kamppi', limit: 5 });
    await expect(handler.search({})).resolves.toEqual({ search: '', limit: 20 });
    await expect(handler.search({ search: 'kamp\u0000pi\t\u001f' })).resolves.toEqual({ search: 'kamp pi', limit: 20 });
  });

  it('refuses a non-text search, an overlong search and a bad limit by name', () => {
    expect(refusal(SearchStoresRequest, { search: 42 })).toBe('search must be text, got 42');
    expect(refusal(SearchStoresRequest, { search: 'x'.repeat(201) })).toBe('search must be at most 200 characters, got 201');
    expect(refusal(SearchStoresRequest, { search: 'a', limit: 2.5 })).toBe('limit must be a whole number from 1 to 50, got 2.5');
  });

  it('accepts a box with or without a point, defaults the limit to 500 and caps it at 1000', async () => {
    accepts(StoresInBoxRequest, { ...box, lat: 60.2, long: 24.9, limit: 1000 });
    await expect(handler.inBox({ ...box, limit: 50 })).resolves.toEqual({ ...box, limit: 50 });
    await expect(handler.inBox({ ...box, lat: 60.2, long: 24.9 })).resolves.toEqual({ ...box, lat: 60.2, long: 24.9, limit: 500 });
    expect(refusal(StoresInBoxRequest, { ...box, limit: 1001 })).toBe('limit must be a whole number from 1 to 1000, got 1001');
  });

  it('refuses missing, non-numeric, out-of-range or inverted coordinates, as the gateway words them', async () => {
    expect(refusal(StoresInBoxRequest, { ...box, maxLong: undefined })).toBe('maxLong is required');
    expect(refusal(StoresInBoxRequest, { ...box, minLat: '60' })).toBe('minLat must be a number from -90 to 90, got "60"');
    expect(refusal(StoresInBoxRequest, { ...box, lat: 91, long: 24.9 })).toBe('lat must be a number from -90 to 90, got 91');
    expect(await refused(handler.inBox({ ...box, minLong: 26 }))).toBe('minLong (26) must not be greater than maxLong (25.1)');
    expect(await refused(handler.inBox({ ...box, minLat: 61 }))).toBe('minLat (61) must not be greater than maxLat (60.3)');
    await expect(handler.inBox({ ...box, maxLat: 65, minLong: 15.2 })).resolves.toEqual({ ...box, maxLat: 65, minLong: 15.2, limit: 500 });
  });

  it('answers a box over 5° × 10° for that much of it: around the point when it lies inside, else around the centre', async () => {
    const finland = { minLat: 59, maxLat: 71, minLong: 19, maxLong: 33 };
    await expect(handler.inBox(finland)).resolves.toEqual({ minLat: 62.5, maxLat: 67.5, minLong: 21, maxLong: 31, limit: 500 });
    await expect(handler.inBox({ ...finland, lat: 60.17, long: 24.94 })).resolves.toEqual({ minLat: 59, maxLat: 64, minLong: 19.94, maxLong: 29.94, lat: 60.17, long: 24.94, limit: 500 });
    // A point outside the box is only the order: the crop goes around the centre.
    await expect(handler.inBox({ ...finland, lat: 40, long: 24.94 })).resolves.toEqual({ minLat: 62.5, maxLat: 67.5, minLong: 21, maxLong: 31, lat: 40, long: 24.94, limit: 500 });
    await expect(handler.inBox({ minLat: -90, maxLat: 90, minLong: -180, maxLong: 180 })).resolves.toEqual({ minLat: -2.5, maxLat: 2.5, minLong: -5, maxLong: 5, limit: 500 });
  });

  it('ignores a lone lat or long, as the gateway does: the box without a point', async () => {
    await expect(handler.inBox({ ...box, long: 24.9 })).resolves.toEqual({ ...box, limit: 500 });
    await expect(handler.inBox({ ...box, lat: 60.2, limit: 7 })).resolves.toEqual({ ...box, limit: 7 });
  });

  it('pages the minimal list from 0 by 200 unless told otherwise', async () => {
    await expect(handler.minimal({})).resolves.toEqual({ skip: 0, limit: 200 });
    await expect(handler.minimal({ skip: 400 })).resolves.toEqual({ skip: 400, limit: 200 });
    expect(refusal(MinimalStoresRequest, { skip: -200 })).toBe('skip must be a whole number from 0 to 1000000, got -200');
  });

  it('takes positive integer ids only, and answers repeated ids once in their order', async () => {
    accepts(GetStoreRequest, { id: 7 });
    expect(refusal(GetStoreRequest, { id: '7' })).toBe('id must be a positive integer, got "7"');
    expect(refusal(GetStoreRequest, { id: 2 ** 31 })).toBe('id must be a positive integer, got 2147483648');
    await expect(handler.getMany({ ids: [3, 1, 3] })).resolves.toEqual({ ids: [3, 1] });
    expect(refusal(GetStoresRequest, { ids: '1,2' })).toBe('ids must be a list, got "1,2"');
    expect(refusal(GetStoresRequest, { ids: [1, 0] })).toBe('ids must be positive integers, got 0');
    expect(refusal(GetStoresRequest, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).toBe('ids may list at most 1000 values, got 1001');
    expect(refusal(OffersByStoreRequest, {})).toBe('storeId is required');
  });
});
