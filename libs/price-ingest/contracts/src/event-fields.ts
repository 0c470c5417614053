import { type TSchema, Type } from 'typebox';

/** The fields the event schemas of price-ingest share (what PostgreSQL can store, what an ISO time is). */

const YEAR_2000_MS = Date.UTC(2000, 0, 1);

/**
 * Text of at most `max` characters without NUL (PostgreSQL text cannot hold one); `blank: false` also refuses text
 * that is empty or all white space (as `trim()` sees it).
 */
export const EventText = (max: number, options: { blank?: boolean } = {}) =>
  Type.String({
    maxLength: max,
    pattern: options.blank === false ? '^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$' : '^[^\\u0000]*$',
    'x-expected': `${options.blank === false ? 'non-blank ' : ''}text of at most ${max} characters without NUL`,
  });

/** A time any of Date.parse's forms gives, from 2000 on (an earlier one is a feed's placeholder or a unit error). */
export const EventTime = Type.Refine(
  Type.String({ 'x-expected': 'an ISO timestamp' }),
  (text) => {
    const ms = Date.parse(text);
    return ms >= YEAR_2000_MS;
  },
  () => 'must be an ISO timestamp',
);

/**
 * The source that sent an event ('s-group', 'csv:acme', 'osm', …). The projections show it and keep it as they get it
 * when it is a source id (1 … 100 characters without NUL); one that is not is ignored, never a reason to refuse the event.
 */
export const EventSource = Type.Unknown({ description: 'the source id (1 … 100 characters without NUL); any other value is ignored' });

/** The source id an event's `source` names, or null (absent, or no source id). */
export function sourceIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 100 && !value.includes('\u0000') ? value : null;
}

/** `schema` or null; `expected` words the pair in a refused event's reason. */
export const OrNull = <T extends TSchema>(schema: T, expected?: string) => Type.Union([Type.Null(), schema], expected ? { 'x-expected': expected } : {});

/** Null, absent, or `schema`. */
export const Nullable = <T extends TSchema>(schema: T, expected?: string) => Type.Optional(OrNull(schema, expected));
