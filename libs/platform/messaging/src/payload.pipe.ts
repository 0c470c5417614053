import { BadRequestException, type PipeTransform } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { formatValidationError } from './validation-errors';

/**
 * The one pipe that checks a message's payload against its schema (declared in the service's contracts library beside
 * the pattern) before the handler runs, on every transport (Nest applies it whichever server delivered the message).
 * The schema is compiled once; a payload that does not match is refused with a 400 whose message names the field and
 * the problem, worded as the gateway words the same fault in an HTTP body ("lines[0].quantity must be a whole number
 * from 1 to 999, got 0"). A valid payload is handed on as it came (no copy).
 */
export class PayloadPipe<T extends TSchema = TSchema> implements PipeTransform<unknown, Static<T>> {
  private readonly validator: ReturnType<typeof Compile<T>>;

  constructor(readonly schema: T) {
    this.validator = Compile(schema);
  }

  transform(value: unknown): Static<T> {
    const problem = this.problem(value);
    if (problem !== null) throw new BadRequestException(problem);
    return value as Static<T>;
  }

  /** What is wrong with a payload, as the 400's message says it; null when it matches the schema. */
  problem(value: unknown): string | null {
    if (this.validator.Check(value)) return null;
    return formatValidationError('body', this.schema, value, this.validator.Errors(value));
  }
}

const pipes = new WeakMap<TSchema, PayloadPipe>();

/** The PayloadPipe of a schema (one per schema, compiled on first use). */
export function payloadPipe<T extends TSchema>(schema: T): PayloadPipe<T> {
  let pipe = pipes.get(schema);
  if (!pipe) pipes.set(schema, (pipe = new PayloadPipe(schema)));
  return pipe as PayloadPipe<T>;
}

/**
 * `@Payload()` checked by the PayloadPipe against the message's schema:
 * `storeTotals(@ValidPayload(ComparisonRequest) request: ComparisonRequest)`.
 */
export function ValidPayload(schema: TSchema): ParameterDecorator {
  return Payload(payloadPipe(schema));
}
