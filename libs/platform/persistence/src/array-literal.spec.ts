import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('writes numbers, booleans and nulls bare and strings quoted', () => {
    expect(arrayLiteral([1, 22, null, 333])).toBe('{1,22,NULL,333}');
    expect(arrayLiteral([true, false, undefined])).toBe('{t,f,NULL}');
    expect(arrayLiteral(['kpl', '2026-11-26T05:00:00.000Z', '', 'NULL'])).toBe('{"kpl","2026-11-26T05:00:00.000Z","","NULL"}');
    expect(arrayLiteral([])).toBe('{}');
  });

  it('escapes quotes and backslashes and keeps commas, braces and spaces inside the quotes', () => {
    expect(arrayLiteral(['a "b"', 'c\\d', '{e, f}'])).toBe('{"a \\"b\\"","c\\\\d","{e, f}"}');
  });

  it('refuses what has no array element form', () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow('not a finite number');
    expect(() => arrayLiteral([{ a: 1 }])).toThrow('cannot write a object');
  });
});
