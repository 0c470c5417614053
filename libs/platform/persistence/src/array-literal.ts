/** Characters that must be escaped inside a quoted element of a PostgreSQL array literal. */
const ESCAPED = /["\\]/g;

/**
 * A PostgreSQL array literal (`{1,2,NULL}`, `{"kpl","kg"}`, `{t,f}`) of numbers, booleans, strings or nulls, for a
 * parameter cast to an array type (`$1::int[]`, `unnest($1::text[], …)`). node-postgres turns a JS array into the same
 * text through prepareValue and two regular-expression replaces per element, which was the projections' largest
 * cost of their own after garbage collection (batches of 5,000 rows of eight columns); strings are quoted and escaped
 * here too, numbers and booleans are written as they are.
 */
export function arrayLiteral(values: readonly unknown[]): string {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) text += ',';
    const value = values[i];
    if (value === null || value === undefined) text += 'NULL';
    else if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new TypeError(`arrayLiteral: ${value} is not a finite number`);
      text += value;
    } else if (typeof value === 'boolean') text += value ? 't' : 'f';
    else if (typeof value === 'string') text += `"${value.replace(ESCAPED, '\\$&')}"`;
    else throw new TypeError(`arrayLiteral: cannot write a ${typeof value} as an array element`);
  }
  return `${text}}`;
}
