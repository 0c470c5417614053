import type { Logger } from '@nestjs/common';
import type { Static, TSchema } from 'typebox';
import { payloadPipe } from './payload.pipe';

/** One event checked against its topic's schema: the event as it came, or why it was refused. */
export type CheckedEvent<T> = { ok: true; event: T } | { ok: false; reason: string };

/**
 * Checks one event of a topic against its schema (declared in the producer's contracts library), compiled once as a
 * message payload is (PayloadPipe); a refused event's reason names the field and the problem, worded as a refused
 * payload's. Never throws.
 */
export function checkEvent<T extends TSchema>(schema: T, value: unknown): CheckedEvent<Static<T>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'the event must be an object' };
  const problem = payloadPipe(schema).problem(value);
  return problem === null ? { ok: true, event: value as Static<T> } : { ok: false, reason: problem };
}

/**
 * The events of one delivered batch that `parse` accepts, in order; each refused one is logged as
 * "Skipped <topic> event #<index>: <reason>" and left out (a batch consumer never throws for bad events).
 */
export function acceptedEvents<T>(events: readonly unknown[], parse: (event: unknown) => CheckedEvent<T>, topic: string, logger: Pick<Logger, 'warn'>): T[] {
  const accepted: T[] = [];
  events.forEach((value, index) => {
    const parsed = parse(value);
    if (parsed.ok) accepted.push(parsed.event);
    else logger.warn(`Skipped ${topic} event #${index}: ${parsed.reason}`);
  });
  return accepted;
}
