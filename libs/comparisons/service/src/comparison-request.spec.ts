import { BadRequestException } from '@nestjs/common';
import { parseComparisonRequest } from './comparison-request';

function messageOf(input: unknown): string {
  try {
    parseComparisonRequest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected the request to be refused');
}

describe('parseComparisonRequest', () => {
  it('accepts a valid request and returns a clean copy without extra fields', () => {
    const input = { storeIds: [3, 1], lines: [{ itemId: 10, quantity: 2, name: 'x' }], type: 'default' };
    expect(parseComparisonRequest(input)).toEqual({ storeIds: [3, 1], lines: [{ itemId: 10, quantity: 2 }] });
  });

  it('accepts an empty basket and the limits themselves', () => {
    const storeIds = Array.from({ length: 100 }, (_, i) => i + 1);
    const lines = Array.from({ length: 1000 }, (_, i) => ({ itemId: i + 1, quantity: i % 2 ? 1 : 999 }));
    expect(parseComparisonRequest({ storeIds, lines }).lines).toHaveLength(1000);
    expect(parseComparisonRequest({ storeIds: [1], lines: [] }).lines).toEqual([]);
  });

  it('refuses a payload that is not an object', () => {
    expect(messageOf(null)).toBe('The request must be an object with storeIds and lines');
    expect(messageOf([1, 2])).toBe('The request must be an object with storeIds and lines');
  });

  it('refuses missing, empty, oversized and duplicated store lists', () => {
    expect(messageOf({ lines: [] })).toBe('storeIds must be an array of store ids');
    expect(messageOf({ storeIds: '1,2', lines: [] })).toBe('storeIds must be an array of store ids');
    expect(messageOf({ storeIds: [], lines: [] })).toBe('storeIds must contain at least one store id');
    expect(messageOf({ storeIds: Array.from({ length: 101 }, (_, i) => i + 1), lines: [] })).toBe('storeIds must contain at most 100 store ids, got 101');
    expect(messageOf({ storeIds: [4, 2, 4], lines: [] })).toBe('storeIds must be distinct; 4 appears more than once');
  });

  it('refuses store ids that are not positive integers', () => {
    expect(messageOf({ storeIds: [1, '2'], lines: [] })).toBe('storeIds[1] must be a positive integer, got "2"');
    expect(messageOf({ storeIds: [0], lines: [] })).toBe('storeIds[0] must be a positive integer, got 0');
    expect(messageOf({ storeIds: [1.5], lines: [] })).toBe('storeIds[0] must be a positive integer, got 1.5');
    expect(messageOf({ storeIds: [2 ** 31], lines: [] })).toBe('storeIds[0] must be a positive integer, got 2147483648');
  });

  it('refuses missing or oversized line lists', () => {
    expect(messageOf({ storeIds: [1] })).toBe('lines must be an array of {itemId, quantity}');
    const lines = Array.from({ length: 1001 }, (_, i) => ({ itemId: i + 1, quantity: 1 }));
    expect(messageOf({ storeIds: [1], lines })).toBe('lines must contain at most 1000 lines, got 1001');
  });

  it('refuses bad lines, naming the line and the field', () => {
    expect(messageOf({ storeIds: [1], lines: [null] })).toBe('lines[0] must be an object with itemId and quantity');
    expect(messageOf({ storeIds: [1], lines: [{ itemId: 1, quantity: 1 }, { itemId: -1, quantity: 1 }] })).toBe('lines[1].itemId must be a positive integer, got -1');
    expect(messageOf({ storeIds: [1], lines: [{ itemId: 1, quantity: 0 }] })).toBe('lines[0].quantity must be an integer from 1 to 999, got 0');
    expect(messageOf({ storeIds: [1], lines: [{ itemId: 1, quantity: 1000 }] })).toBe('lines[0].quantity must be an integer from 1 to 999, got 1000');
    expect(messageOf({ storeIds: [1], lines: [{ itemId: 1, quantity: 2.5 }] })).toBe('lines[0].quantity must be an integer from 1 to 999, got 2.5');
    expect(messageOf({ storeIds: [1], lines: [{ itemId: 1 }] })).toBe('lines[0].quantity must be an integer from 1 to 999, got undefined');
  });

  it('shortens a long offending value in the message', () => {
    expect(messageOf({ storeIds: ['x'.repeat(500)], lines: [] })).toBe(`storeIds[0] must be a positive integer, got "${'x'.repeat(36)}...`);
  });
});
