import { applyDecorators, BadRequestException, CallHandler, createParamDecorator, ExecutionContext, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Static, TObject, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Observable } from 'rxjs';
import { formatValidationError, type RequestPart } from '@hintakori/platform-messaging';

/** A status a route can answer: what it means, the schema of its JSON body when it has one, and its links. */
export interface ResponseContract {
  description: string;
  schema?: TSchema;
  /** OpenAPI links: the calls this answer gives values to (the contract gate's stateful phase follows them). */
  links?: Record<string, LinkContract>;
}

/**
 * An OpenAPI link: the operation (by operationId, Nest's `<Controller>_<method>`) and where each of its parameters,
 * and fields of its body, come from: a runtime expression (`$response.body#/id`, `$request.path.itemId`) or a constant.
 */
export interface LinkContract {
  operationId: string;
  description?: string;
  parameters?: Record<string, unknown>;
  requestBody?: Record<string, unknown>;
}

/**
 * Everything a route accepts and answers, declared once: the gateway validates requests against it (with
 * TypeBox's compiled validator) and the OpenAPI document is generated from the same objects.
 * - `params` / `query`: objects of scalar or array-of-scalar properties; the text of the URL is converted to the
 *   declared types (integers, numbers, booleans) before checking, arrays may be repeated (`?a=1&a=2`) or
 *   comma-separated (`?a=1,2`). Query objects should say `additionalProperties: false` so unknown parameters
 *   are refused by name.
 * - `body`: the JSON body.
 * - `responses`: every status the route can answer (see `errorResponses` for the shared error answers).
 */
export interface RouteContract {
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  responses: Partial<Record<number | '5XX', ResponseContract>>;
}

type Part<T, K extends keyof RouteContract> = T extends Record<K, infer S extends TSchema> ? Static<S> : undefined;

/** The validated, converted input of a route, as its handler receives it through `@Input()`. */
export interface RouteInput<C extends RouteContract> {
  params: Part<C, 'params'>;
  query: Part<C, 'query'>;
  body: Part<C, 'body'>;
}

/** Identity with the type kept: `const contract = routeContract({...})` then `RouteInput<typeof contract>`. */
export function routeContract<const C extends RouteContract>(contract: C): C {
  return contract;
}

type Validator = ReturnType<typeof Compile>;

interface CompiledPart {
  part: RequestPart;
  schema: TSchema;
  validator: Validator;
}

/** The compiled form of a contract: validators built once, when the controller module loads. */
export class CompiledContract {
  private readonly parts: CompiledPart[] = [];

  constructor(readonly contract: RouteContract) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = contract[part];
      if (schema) this.parts.push({ part, schema, validator: Compile(schema) });
    }
  }

  /** Checks a request's params, query and body; throws a 400 that names the field and the problem. */
  validate(request: { params?: unknown; query?: unknown; body?: unknown }): RouteInput<RouteContract> {
    const input: Record<RequestPart, unknown> = { params: undefined, query: undefined, body: undefined };
    for (const { part, schema, validator } of this.parts) {
      const raw = request[part];
      const value = part === 'body' ? raw : coerceUrlValues(schema as TObject, raw);
      if (!validator.Check(value)) {
        const errors = validator.Errors(value);
        throw new BadRequestException(listItemMessage(schema, value, errors) ?? formatValidationError(part, schema, value, errors));
      }
      input[part] = value;
    }
    return input as RouteInput<RouteContract>;
  }
}

/**
 * A list whose schema says `x-items-expected` ("any of k-plussa, lidl-plus, s-etukortti") names what its values may
 * be when one is not: `cards must be any of k-plussa, lidl-plus, s-etukortti, got "x"`.
 */
function listItemMessage(schema: TSchema, value: unknown, errors: readonly { keyword: string; instancePath: string }[]): string | undefined {
  const first = errors.find((e) => e.keyword !== 'additionalProperties' && e.keyword !== 'boolean');
  const match = first ? /^\/([^/]+)\/(\d+)$/.exec(first.instancePath) : null;
  if (!match || errors.some((e) => e.keyword === 'additionalProperties' && e.instancePath === '')) return undefined;
  const list = ((schema as { properties?: Record<string, { title?: string; 'x-items-expected'?: string }> }).properties ?? {})[match[1]];
  if (!list?.['x-items-expected']) return undefined;
  const actual = ((value as Record<string, unknown[]> | null)?.[match[1]] ?? [])[Number(match[2])];
  return `${list.title ?? match[1]} must be ${list['x-items-expected']}, got ${JSON.stringify(actual) ?? String(actual)}`;
}

const NUMBER_TEXT = /^-?(\d+(\.\d+)?|\.\d+)([eE][+-]?\d+)?$/;

/** URL text → the declared scalar types; anything that does not convert is left as is for the validator to name. */
function coerceScalar(schema: TSchema | undefined, value: unknown): unknown {
  if (typeof value !== 'string' || !schema) return value;
  const type = (schema as { type?: unknown }).type;
  if ((type === 'integer' || type === 'number') && NUMBER_TEXT.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Path and query values arrive as text (or lists of text for repeated query parameters). */
export function coerceUrlValues(schema: TObject, raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return {};
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === undefined) continue;
    const property = properties[key] as (TSchema & { type?: unknown; items?: TSchema }) | undefined;
    if (property?.type === 'array') {
      const texts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
      // An empty list of ids (`?storeIds=`) is no ids; an empty word in a list of words (`?cards=`) is a word to refuse.
      const numeric = ['integer', 'number'].includes(String((property.items as { type?: unknown } | undefined)?.type));
      const trimmed = texts.map((v) => (typeof v === 'string' ? v.trim() : v));
      out[key] = (numeric ? trimmed.filter((v) => v !== '') : trimmed).map((v) => coerceScalar(property.items, v));
    } else {
      out[key] = coerceScalar(property, value);
    }
  }
  return out;
}

const inputs = new WeakMap<object, RouteInput<RouteContract>>();

class ContractInterceptor implements NestInterceptor {
  constructor(private readonly compiled: CompiledContract) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<{ params?: unknown; query?: unknown; body?: unknown }>();
    inputs.set(request, this.compiled.validate(request));
    return next.handle();
  }
}

/** The route's validated input (see `Route`). */
export const Input = createParamDecorator((_data: unknown, context: ExecutionContext): RouteInput<RouteContract> => {
  const input = inputs.get(context.switchToHttp().getRequest<object>());
  if (!input) throw new Error('@Input() used on a route without @Route(contract)');
  return input;
});

/**
 * Every route can be answered 431 by Node's HTTP server itself, before the API sees the request: a request line
 * (the address with its query) and headers over its 16 kB limit. It has no body.
 */
const REQUEST_TOO_LARGE: ResponseContract = { description: "Request line and headers over the HTTP server's 16 kB limit (answered before the API, no body)" };

/**
 * Declares a route's contract: validates every request against it before the handler runs (after guards) and
 * documents the same schemas in OpenAPI. The handler takes `@Input() input: RouteInput<typeof contract>`.
 */
export function Route(contract: RouteContract): MethodDecorator {
  const compiled = new CompiledContract(contract);
  const decorators: MethodDecorator[] = [];
  for (const [name, schema] of Object.entries((contract.params?.properties ?? {}) as Record<string, TSchema>)) {
    decorators.push(ApiParam({ name, required: true, schema: openApi(schema), description: describe(schema) }));
  }
  const requiredQuery = new Set<string>((contract.query as { required?: string[] } | undefined)?.required ?? []);
  for (const [name, schema] of Object.entries((contract.query?.properties ?? {}) as Record<string, TSchema>)) {
    const isArray = (schema as { type?: unknown }).type === 'array';
    decorators.push(
      ApiQuery({ name, required: requiredQuery.has(name), schema: openApi(schema), description: describe(schema), ...(isArray ? { style: 'form', explode: true } : {}) }),
    );
  }
  if (contract.body) decorators.push(ApiBody({ required: true, schema: openApi(contract.body) }));
  for (const [status, response] of Object.entries({ ...contract.responses, ...(contract.responses[431] ? {} : { 431: REQUEST_TOO_LARGE }) })) {
    if (!response) continue;
    const code = status === '5XX' ? '5XX' : Number(status);
    decorators.push(
      ApiResponse({
        status: code,
        description: response.description,
        ...(response.schema ? { schema: openApi(response.schema) } : {}),
        ...(response.links ? { links: response.links } : {}),
      }),
    );
  }
  return applyDecorators(...decorators, UseInterceptors(new ContractInterceptor(compiled)));
}

function describe(schema: TSchema): string | undefined {
  return (schema as { description?: string }).description;
}

/** A plain JSON copy for the document (no TypeBox internals, and no keyword the document does not need). */
function openApi(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'x-expected' || key === 'x-items-expected' ? undefined : value))) as Record<string, unknown>;
}
