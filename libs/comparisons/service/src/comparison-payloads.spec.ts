import { BasketSplitRequest, ComparisonRequest } from '@hintakori/comparisons-contracts';
import { PayloadPipe } from '@hintakori/platform-messaging';
import { distinctStores } from './comparisons.handler';

/** The comparisons payload contracts as the service's one payload pipe applies them (and the handler's one check). */
const comparison = new PayloadPipe(ComparisonRequest);
const split = new PayloadPipe(BasketSplitRequest);


describe('ComparisonRequest', () => {
  it('accepts a valid request as it came (fields it does not know are left for the handler to ignore)', () => {
    const input = { storeIds: [3, 1], lines: [{ itemId: 10, quantity: 2, name: 'x' }], type: 'default' };
    expect(comparison.transform(input)).toBe(input);
  });

  it('accepts an empty basket and the limits themselves', () => {
    const storeIds = Array.from({ length: 100 }, (_, i) => i + 1);
    const lines = Array.from({ length: 1000 }, (_, i) => ({ itemId: i + 1, quantity: i % 2 ? 1 : 999 }));
    expect(comparison.transform({ storeIds, lines }).lines).toHaveLength(1000);
    expect(comparison.transform({ storeIds: [1], lines: [] }).lines).toEqual([]);
    expect(comparison.transform({ storeIds: [2_147_483_647], lines: [] }).storeIds).toEqual([2_147_483_647]);
  });

  it('refuses a payload that is not an object', () => {
    expect(comparison.problem(null)).toBe('The request body must be a JSON object');
    expect(comparison.problem([1, 2])).toBe('The request body must be a JSON object');
  });

  it('refuses missing, empty and oversized store lists, and compares a store listed twice once', () => {
    expect(comparison.problem({ lines: [] })).toBe('storeIds is required');
    expect(comparison.problem({ storeIds: '1,2', lines: [] })).toBe('storeIds must be a list, got "1,2"');
    expect(comparison.problem({ storeIds: [], lines: [] })).toBe('storeIds must list at least one value');
    expect(comparison.problem({ storeIds: Array.from({ length: 101 }, (_, i) => i + 1), lines: [] })).toBe('storeIds may list at most 100 values, got 101');
    expect(distinctStores(comparison.transform({ storeIds: [4, 2, 4], lines: [] }))).toEqual({ storeIds: [4, 2], lines: [] });
    expect(distinctStores(split.transform({ storeIds: [4, 4], lines: [], maxStores: 2 }))).toEqual({ storeIds: [4], lines: [], maxStores: 2 });
    const distinct = { storeIds: [1, 2], lines: [] };
    expect(distinctStores(distinct)).toBe(distinct);
  });

  it('refuses store ids that are not positive integers', () => {
    expect(comparison.problem({ storeIds: [1, '2'], lines: [] })).toBe('storeIds must be positive integers, got "2"');
    expect(comparison.problem({ storeIds: [0], lines: [] })).toBe('storeIds must be positive integers, got 0');
    expect(comparison.problem({ storeIds: [1.5], lines: [] })).toBe('storeIds must be positive integers, got 1.5');
    expect(comparison.problem({ storeIds: [2 ** 31], lines: [] })).toBe('storeIds must be positive integers, got 2147483648');
  });

  it('refuses missing or oversized line lists', () => {
    expect(comparison.problem({ storeIds: [1] })).toBe('lines is required');
    const lines = Array.from({ length: 1001 }, (_, i) => ({ itemId: i + 1, quantity: 1 }));
    expect(comparison.problem({ storeIds: [1], lines })).toBe('lines may list at most 1000 values, got 1001');
  });

  it('refuses bad lines, naming the line and the field', () => {
    expect(comparison.problem({ storeIds: [1], lines: [null] })).toBe('lines[0] must be a JSON object, got null');
    expect(comparison.problem({ storeIds: [1], lines: [{ itemId: 1, quantity: 1 }, { itemId: -1, quantity: 1 }] })).toBe('lines[1].itemId must be a positive integer, got -1');
    expect(comparison.problem({ storeIds: [1], lines: [{ itemId: 1, quantity: 0 }] })).toBe('lines[0].quantity must be a whole number from 1 to 999, got 0');
    expect(comparison.problem({ storeIds: [1], lines: [{ itemId: 1, quantity: 1000 }] })).toBe('lines[0].quantity must be a whole number from 1 to 999, got 1000');
    expect(comparison.problem({ storeIds: [1], lines: [{ itemId: 1, quantity: 2.5 }] })).toBe('lines[0].quantity must be a whole number from 1 to 999, got 2.5');
    expect(comparison.problem({ storeIds: [1], lines: [{ itemId: 1 }] })).toBe('lines[0].quantity is required');
  });

  it('shortens a long offending value in the message', () => {
    expect(comparison.problem({ storeIds: ['x'.repeat(500)], lines: [] })).toBe(`storeIds must be positive integers, got "${'x'.repeat(40)}…"`);
  });
});

describe('BasketSplitRequest', () => {
  const valid = { storeIds: [1, 2], lines: [{ itemId: 1, quantity: 1 }] };

  it('accepts a request without the optional fields (the service fills maxStores 2 and 25 c/km)', () => {
    expect(split.transform(valid)).toEqual(valid);
    const full = { ...valid, maxStores: 3, costPerKmCents: 0, origin: { lat: 60.17, long: 24.94 }, locations: [{ storeId: 1, lat: 60.2, long: 24.9 }] };
    expect(split.transform(full)).toBe(full);
  });

  it('names what is wrong', () => {
    expect(split.problem({ ...valid, maxStores: 4 })).toBe('maxStores must be a whole number from 1 to 3, got 4');
    expect(split.problem({ ...valid, storeIds: Array.from({ length: 21 }, (_, i) => i + 1) })).toBe('storeIds may list at most 20 values, got 21');
    expect(split.problem({ ...valid, lines: Array.from({ length: 201 }, (_, i) => ({ itemId: i + 1, quantity: 1 })) })).toBe('lines may list at most 200 values, got 201');
    expect(split.problem({ ...valid, origin: { lat: 95, long: 1 } })).toBe('origin.lat must be a number from -90 to 90, got 95');
    expect(split.problem({ ...valid, costPerKmCents: 2.5 })).toBe('costPerKmCents must be a whole number from 0 to 10000, got 2.5');
    expect(split.problem({ ...valid, locations: [{ storeId: 0, lat: 1, long: 1 }] })).toBe('locations[0].storeId must be a positive integer, got 0');
  });
});
