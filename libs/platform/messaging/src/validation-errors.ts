import { MAX_ID } from '@hintakori/shared-contracts';
import type { TSchema } from 'typebox';

/** Where the invalid value was: an HTTP request's path, query or body, or a message's payload (worded as a body). */
export type RequestPart = 'params' | 'query' | 'body';

/** The few fields of a TypeBox validation error this formatter reads. */
export interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
}

interface SchemaShape {
  type?: string;
  title?: string;
  format?: string;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaShape[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: SchemaShape;
  properties?: Record<string, SchemaShape>;
  /** A human description of the accepted values, used in messages ("a UUID or NO_ID"). */
  'x-expected'?: string;
}

/**
 * Turns TypeBox's validation errors into one clear sentence that names the field and what was wrong, e.g.
 * `limit must be a whole number from 1 to 200, got 500`, `Unknown query parameter: colour`, `storeIds may list at
 * most 100 values, got 101`, `items[2].quantity must be a whole number from 1 to 999, got 0`.
 */
export function formatValidationError(part: RequestPart, root: TSchema, value: unknown, errors: readonly ValidationErrorLike[]): string {
  const rootShape = root as SchemaShape;
  // An unknown property: the error that names it (TypeBox also reports a `false` schema at its path).
  const unknown = errors.find((e) => e.keyword === 'additionalProperties');
  const relevant = errors.filter((e) => !(e.keyword === 'boolean' && e.schemaPath.endsWith('/additionalProperties')));
  const first = unknown && unknown.instancePath === '' ? unknown : (relevant[0] ?? unknown);
  if (!first) return `The request ${part === 'body' ? 'body' : part === 'query' ? 'query' : 'path'} is not valid`;

  const segments = first.instancePath.split('/').slice(1).map(decodePointer);
  const label = labelOf(part, rootShape, segments);
  const atPath = relevant.filter((e) => e.instancePath === first.instancePath);
  const error = atPath.find((e) => e.keyword === 'anyOf') ?? first;
  const schema = schemaAt(rootShape, segments);
  const actual = valueAt(value, segments);

  switch (error.keyword) {
    case 'additionalProperties': {
      const names = ((error.params.additionalProperties as string[] | undefined) ?? []).slice(0, 5);
      const plural = names.length > 1 ? 's' : '';
      if (segments.length > 0) return `${label} has unknown field${plural}: ${names.join(', ')}`;
      if (part === 'query') return `Unknown query parameter${plural}: ${names.join(', ')}`;
      if (part === 'body') return `Unknown field${plural} in body: ${names.join(', ')}`;
      return `Unknown path parameter${plural}: ${names.join(', ')}`;
    }
    case 'required': {
      const missing = ((error.params.requiredProperties as string[] | undefined) ?? [])[0] ?? '';
      const missingLabel = labelOf(part, rootShape, [...segments, missing]);
      return `${missingLabel} is required`;
    }
    case 'maxItems':
      return `${label} may list at most ${String(error.params.limit)} values, got ${Array.isArray(actual) ? actual.length : '?'}`;
    case 'minItems':
      return error.params.limit === 1 ? `${label} must list at least one value` : `${label} must list at least ${String(error.params.limit)} values`;
    case 'maxLength':
      return `${label} must be at most ${String(error.params.limit)} characters, got ${typeof actual === 'string' ? actual.length : '?'}`;
    case 'minLength':
      return error.params.limit === 1 ? `${label} must not be empty` : `${label} must be at least ${String(error.params.limit)} characters`;
    case 'uniqueItems':
      return `${label} must not list the same value twice`;
    case 'not':
      // A `not` that narrows a field (e.g. the e-mail address's 64 characters before the @) says what it accepts.
      if (schema?.['x-expected'] && segments.length > 0) return `${label} must be ${schema['x-expected']}, got ${show(actual)}`;
      return segments.length === 0 && part === 'body' ? `The request body ${describeNot(schema)}` : `${label} ${describeNot(schema)}`;
    default:
      break;
  }
  if (segments.length === 0 && part === 'body') return 'The request body must be a JSON object';
  if (actual === undefined) return `${label} is required`;
  // A repeated query parameter where one value is expected.
  if (Array.isArray(actual) && schema?.type !== 'array' && schema?.type !== undefined) return `${label} must be a single value`;
  // An element of a list: name the list ("storeIds must be positive integers, got "abc"").
  const parent = segments.length > 0 ? schemaAt(rootShape, segments.slice(0, -1)) : undefined;
  if (parent?.type === 'array' && schema && schema.type !== 'object') {
    return `${labelOf(part, rootShape, segments.slice(0, -1))} must be ${plural(expected(schema))}, got ${show(actual)}`;
  }
  return `${label} must be ${schema ? expected(schema) : 'valid'}, got ${show(actual)}`;
}

function decodePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `items/2/quantity` → `items[2].quantity`; a property's `title` (e.g. "item id") wins for top-level fields. */
function labelOf(part: RequestPart, root: SchemaShape, segments: string[]): string {
  if (segments.length === 0) return part === 'body' ? 'body' : part;
  if (segments.length === 1) {
    const title = root.properties?.[segments[0]]?.title;
    if (title) return title;
  }
  return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function schemaAt(root: SchemaShape, segments: string[]): SchemaShape | undefined {
  let schema: SchemaShape | undefined = root;
  for (const segment of segments) {
    if (!schema) return undefined;
    if (schema.type === 'array') schema = schema.items;
    else if (schema.properties) schema = schema.properties[segment];
    else return undefined;
  }
  return schema;
}

function valueAt(value: unknown, segments: string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** What a schema accepts, as the end of "… must be ___". */
export function expected(schema: SchemaShape): string {
  if (schema['x-expected']) return schema['x-expected'];
  if (schema.anyOf) return schema.anyOf.map(expected).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map(String).join(', ')}`;
  const { minimum: min, maximum: max } = schema;
  switch (schema.type) {
    case 'integer':
      if (min === 1 && (max === undefined || max >= MAX_ID)) return 'a positive integer';
      if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
      if (min !== undefined) return `a whole number of at least ${min}`;
      return max !== undefined ? `a whole number of at most ${max}` : 'a whole number';
    case 'number':
      if (min !== undefined && max !== undefined) return `a number from ${min} to ${max}`;
      return 'a number';
    case 'string':
      if (schema.format === 'uuid') return 'a UUID';
      if (schema.format === 'date-time') return 'an ISO date-time';
      if (schema.pattern) return `text matching ${schema.pattern}`;
      return 'text';
    case 'boolean':
      return 'true or false';
    case 'array':
      return 'a list';
    case 'object':
      return 'a JSON object';
    case 'null':
      return 'null';
    default:
      return 'valid';
  }
}

function plural(expectation: string): string {
  if (expectation === 'a positive integer') return 'positive integers';
  return expectation.replace(/^an? /, '') + ' values';
}

function describeNot(schema: SchemaShape | undefined): string {
  const required = ((schema as { not?: { required?: string[] } } | undefined)?.not?.required ?? []).join(' and ');
  return required ? `may not have both ${required}: give one of them` : 'is not allowed';
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
