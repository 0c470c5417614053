import { BadRequestException } from '@nestjs/common';
import { parseCartId, parseId, parseNumber, parseSearch, parseStoreIds } from './parsing';

describe('parseStoreIds', () => {
  it('accepts comma-separated, repeated and mixed forms and removes duplicates', () => {
    expect(parseStoreIds('1,2,3')).toEqual([1, 2, 3]);
    expect(parseStoreIds(['1', '2'])).toEqual([1, 2]);
    expect(parseStoreIds(['1,2', '2', '5'])).toEqual([1, 2, 5]);
    expect(parseStoreIds(undefined)).toEqual([]);
    expect(parseStoreIds('')).toEqual([]);
  });

  it('rejects malformed ids with the offending value named', () => {
    expect(() => parseStoreIds('1,abc')).toThrow(/"abc"/);
    expect(() => parseStoreIds('-1')).toThrow(BadRequestException);
    expect(() => parseStoreIds('0')).toThrow(BadRequestException);
    expect(() => parseStoreIds('1.5')).toThrow(BadRequestException);
    expect(() => parseStoreIds([{ a: 1 }])).toThrow(/list of store ids/);
  });

  it('allows 100 stores and rejects 101', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    expect(parseStoreIds(hundred)).toHaveLength(100);
    expect(() => parseStoreIds(`${hundred},101`)).toThrow(/at most 100/);
  });

  it('can require at least one store', () => {
    expect(() => parseStoreIds('', { required: true })).toThrow(/at least one/);
  });
});

describe('other parsers', () => {
  it('parses positive integer ids only', () => {
    expect(parseId('42', 'id')).toBe(42);
    expect(() => parseId('abc', 'id')).toThrow(/id must be a positive integer/);
    expect(() => parseId('99999999999', 'id')).toThrow(BadRequestException);
  });

  it('accepts every PostgreSQL integer id and nothing above it', () => {
    expect(parseId('1748000011', 'id')).toBe(1748000011);
    expect(parseId('2147483647', 'id')).toBe(2147483647);
    expect(() => parseId('2147483648', 'id')).toThrow(/id must be a positive integer/);
    expect(() => parseId('0', 'id')).toThrow(BadRequestException);
    expect(parseStoreIds('1748000011,2')).toEqual([1748000011, 2]);
    expect(() => parseStoreIds('4294967296')).toThrow(/storeIds must be positive integers/);
  });

  it('accepts NO_ID only where a cart may be created', () => {
    expect(parseCartId('NO_ID', true)).toBe('NO_ID');
    expect(() => parseCartId('NO_ID', false)).toThrow(/UUID/);
    expect(parseCartId('6F9619FF-8B86-D011-B42D-00C04FC964FF', false)).toBe('6f9619ff-8b86-d011-b42d-00c04fc964ff');
  });

  it('limits search text to 200 characters', () => {
    expect(parseSearch('  maito ')).toBe('maito');
    expect(() => parseSearch('x'.repeat(201))).toThrow(/at most 200/);
    expect(() => parseSearch(['a', 'b'])).toThrow(/single text/);
  });

  it('checks number ranges', () => {
    expect(parseNumber('60.1', 'lat', -90, 90, { required: true })).toBe(60.1);
    expect(() => parseNumber('91', 'lat', -90, 90, { required: true })).toThrow(/between -90 and 90/);
    expect(() => parseNumber(undefined, 'lat', -90, 90, { required: true })).toThrow(/lat is required/);
    expect(() => parseNumber('-1', 'skip', 0, 1e6, { required: false, integer: true })).toThrow(/between 0/);
  });
});
