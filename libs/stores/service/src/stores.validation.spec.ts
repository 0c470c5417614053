import { BadRequestException } from '@nestjs/common';
import { parseGet, parseGetMany, parseInBox, parseMinimal, parseOffersByStore, parseSearch } from './stores.validation';

function messageOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a BadRequestException');
}

const box = { minLat: 60.1, minLong: 24.8, maxLat: 60.3, maxLong: 25.1 };

describe('store request validation', () => {
  it('trims the search, defaults the limit to 20 and treats a missing search as empty', () => {
    expect(parseSearch({ search: '  kamppi ', limit: 5 })).toEqual({ search: 'kamppi', limit: 5 });
    expect(parseSearch({})).toEqual({ search: '', limit: 20 });
    expect(parseSearch({ search: 'kamp\u0000pi\t\u001f' })).toEqual({ search: 'kamp pi', limit: 20 });
  });

  it('rejects a non-text search, an overlong search and a bad limit by name', () => {
    expect(messageOf(() => parseSearch({ search: ['a'] }))).toBe('search must be a string');
    expect(messageOf(() => parseSearch({ search: 'x'.repeat(201) }))).toBe('search must be at most 200 characters');
    expect(messageOf(() => parseSearch({ search: 'a', limit: 2.5 }))).toBe('limit must be an integer between 1 and 100');
    expect(messageOf(() => parseSearch(null))).toBe('The request must be an object');
  });

  it('accepts a box with or without a point and caps the limit at 1000', () => {
    expect(parseInBox({ ...box, limit: 50 })).toEqual({ ...box, limit: 50 });
    expect(parseInBox({ ...box, lat: 60.2, long: 24.9 })).toEqual({ ...box, lat: 60.2, long: 24.9, limit: 1000 });
    expect(messageOf(() => parseInBox({ ...box, limit: 1001 }))).toBe('limit must be an integer between 1 and 1000');
  });

  it('rejects missing, non-numeric, out-of-range or inverted coordinates', () => {
    expect(messageOf(() => parseInBox({ ...box, maxLong: undefined }))).toBe('maxLong must be a number between -180 and 180');
    expect(messageOf(() => parseInBox({ ...box, minLat: '60' }))).toBe('minLat must be a number between -90 and 90');
    expect(messageOf(() => parseInBox({ ...box, minLat: Number.NaN }))).toBe('minLat must be a number between -90 and 90');
    expect(messageOf(() => parseInBox({ ...box, minLong: 26 }))).toBe('minLong must not be greater than maxLong');
    expect(messageOf(() => parseInBox({ ...box, long: 24.9 }))).toBe('lat and long must be given together');
    expect(messageOf(() => parseInBox({ ...box, lat: 91, long: 24.9 }))).toBe('lat must be a number between -90 and 90');
  });

  it('pages the minimal list from 0 by 200 unless told otherwise', () => {
    expect(parseMinimal({})).toEqual({ skip: 0, limit: 200 });
    expect(parseMinimal({ skip: 400 })).toEqual({ skip: 400, limit: 200 });
    expect(messageOf(() => parseMinimal({ skip: -200 }))).toBe('skip must be an integer between 0 and 1000000');
  });

  it('takes positive integer ids only, and de-duplicates many ids keeping their order', () => {
    expect(parseGet({ id: 7 })).toEqual({ id: 7 });
    expect(messageOf(() => parseGet({ id: '7' }))).toBe('id must be an integer between 1 and 2147483647');
    expect(messageOf(() => parseGet({ id: 2 ** 31 }))).toBe('id must be an integer between 1 and 2147483647');
    expect(parseGetMany({ ids: [3, 1, 3] })).toEqual({ ids: [3, 1] });
    expect(messageOf(() => parseGetMany({ ids: '1,2' }))).toBe('ids must be an array of store ids');
    expect(messageOf(() => parseGetMany({ ids: [1, 0] }))).toBe('each of ids must be an integer between 1 and 2147483647');
    expect(messageOf(() => parseGetMany({ ids: Array.from({ length: 1001 }, (_, i) => i + 1) }))).toBe('ids must hold at most 1000 store ids');
    expect(messageOf(() => parseOffersByStore({}))).toBe('storeId must be an integer between 1 and 2147483647');
  });
});
