import { BadRequestException } from '@nestjs/common';
import { DEFAULT_LIMIT, parseId, parseIdList, parsePage, parseSearchText, parseSlugPath, parseStoreIds, requirePayload } from './request-validation';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a BadRequestException');
}

describe('request validation', () => {
  it('rejects a payload that is not an object', () => {
    expect(messageOf(() => requirePayload('x'))).toBe('The request body must be an object');
    expect(messageOf(() => requirePayload(null))).toBe('The request body must be an object');
    expect(messageOf(() => requirePayload([1]))).toBe('The request body must be an object');
  });

  it('accepts only positive 32-bit integer ids', () => {
    expect(parseId(7, 'id')).toBe(7);
    for (const bad of ['7', 0, -1, 1.5, 2 ** 31, null, undefined]) {
      expect(messageOf(() => parseId(bad, 'id'))).toBe('id must be a positive integer');
    }
  });

  it('de-duplicates id lists keeping the first occurrence and caps their length', () => {
    expect(parseIdList([3, 1, 3, 2], 'ids', 10)).toEqual([3, 1, 2]);
    expect(messageOf(() => parseIdList([1, 'x'], 'ids', 10))).toBe('ids must be an array of positive integers');
    expect(messageOf(() => parseIdList(undefined, 'ids', 10))).toBe('ids must be an array of positive integers');
    expect(messageOf(() => parseIdList([1, 2, 3], 'ids', 2))).toBe('ids must contain at most 2 ids');
  });

  it('treats missing storeIds as no stores but rejects more than 100', () => {
    expect(parseStoreIds(undefined)).toEqual([]);
    expect(parseStoreIds([5, 6])).toEqual([5, 6]);
    expect(messageOf(() => parseStoreIds(Array.from({ length: 101 }, (_, i) => i + 1)))).toBe('storeIds must contain at most 100 ids');
    expect(messageOf(() => parseStoreIds('1,2'))).toBe('storeIds must be an array of positive integers');
  });

  it('defaults and bounds paging', () => {
    expect(parsePage({})).toEqual({ limit: DEFAULT_LIMIT, offset: 0 });
    expect(parsePage({ limit: 20, offset: 40 })).toEqual({ limit: 20, offset: 40 });
    expect(messageOf(() => parsePage({ limit: 0 }))).toBe('limit must be an integer between 1 and 500');
    expect(messageOf(() => parsePage({ limit: 10, offset: -1 }))).toBe('offset must be an integer between 0 and 100000');
  });

  it('cuts search text at 200 characters and rejects non-strings', () => {
    expect(parseSearchText('x'.repeat(1000))).toHaveLength(200);
    expect(parseSearchText(undefined)).toBe('');
    expect(messageOf(() => parseSearchText(42))).toBe('search must be a string');
  });

  it('requires one to five non-empty slugs', () => {
    expect(parseSlugPath(['a', 'b'])).toEqual(['a', 'b']);
    expect(messageOf(() => parseSlugPath([]))).toBe('slugPath must be a non-empty array of category slugs');
    expect(messageOf(() => parseSlugPath(['a', '']))).toBe('slugPath must be a non-empty array of category slugs');
    expect(messageOf(() => parseSlugPath('a/b'))).toBe('slugPath must be a non-empty array of category slugs');
    expect(messageOf(() => parseSlugPath(['a', 'b', 'c', 'd', 'e', 'f']))).toBe('slugPath must contain at most 5 slugs');
  });
});
