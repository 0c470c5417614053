import { checkEvent, type CheckedEvent } from '@hintakori/platform-messaging';
import { canonicalIsoTime, OfferUpsertedEvent, sourceIdOf, StoreUpsertedEvent } from '@hintakori/price-ingest-contracts';

/** A store from a feed, checked: its flags given, its source '' when it names none, its time in canonical UTC. */
export type StoreUpsert = Omit<StoreUpsertedEvent, 'openingHoursKnown' | 'closed' | 'source'> & {
  /** false: the source's hours could not be read. */
  openingHoursKnown: boolean;
  /** The store is gone from its source. */
  closed: boolean;
  source: string;
};

/** An offer from a feed, checked: no image is '', its times in canonical UTC. */
export type OfferUpsert = Omit<OfferUpsertedEvent, 'image' | 'source'> & { image: string };

const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;

/** An event time checked by the schema (Date.parse reads it), in canonical UTC; null when it is more than a day ahead of `now`. */
function eventTime(text: string, now: Date): string | null {
  const ms = Date.parse(text);
  return ms - now.getTime() > MAX_FUTURE_MS ? null : canonicalIsoTime(text, ms);
}

/** The index of the first value seen before, or -1. */
function firstRepeat<T>(values: readonly T[]): number {
  const seen = new Set<T>();
  return values.findIndex((value) => seen.size === seen.add(value).size);
}

/** Checks one `stores.upserted` payload from the wire against StoreUpsertedEvent; a bad event is reported, never thrown. */
export function parseStoreUpsertedEvent(input: unknown, now: Date = new Date()): CheckedEvent<StoreUpsert> {
  const checked = checkEvent(StoreUpsertedEvent, input);
  if (!checked.ok) return checked;
  const event = checked.event;
  const day = firstRepeat(event.weeklyHours.map((d) => d.weekday));
  if (day >= 0) return { ok: false, reason: `weeklyHours[${day}].weekday repeats weekday ${event.weeklyHours[day].weekday}` };
  const date = firstRepeat(event.exceptions.map((d) => d.date));
  if (date >= 0) return { ok: false, reason: `exceptions[${date}].date repeats ${event.exceptions[date].date}` };
  const observedAt = eventTime(event.observedAt, now);
  if (observedAt === null) return { ok: false, reason: 'observedAt is more than a day in the future' };
  return {
    ok: true,
    event: {
      storeId: event.storeId,
      externalId: event.externalId,
      chain: event.chain,
      type: event.type,
      name: event.name,
      urlSlug: event.urlSlug,
      address: event.address,
      postalCode: event.postalCode,
      city: event.city,
      lat: event.lat,
      long: event.long,
      weeklyHours: event.weeklyHours.map(({ weekday, opens, closes, isOpenAllDay }) => ({ weekday, opens, closes, isOpenAllDay })),
      exceptions: event.exceptions.map(({ date, opens, closes, isOpenAllDay, description }) => ({ date, opens, closes, isOpenAllDay, description })),
      openingHoursKnown: event.openingHoursKnown !== false,
      closed: event.closed === true,
      source: sourceIdOf(event.source) ?? '',
      observedAt,
    },
  };
}

/** Checks one `offers.upserted` payload from the wire against OfferUpsertedEvent; a bad event is reported, never thrown. */
export function parseOfferUpsertedEvent(input: unknown, now: Date = new Date()): CheckedEvent<OfferUpsert> {
  const checked = checkEvent(OfferUpsertedEvent, input);
  if (!checked.ok) return checked;
  const { offerId, storeId, itemId, name, image, validUntil } = checked.event;
  const observedAt = eventTime(checked.event.observedAt, now);
  if (observedAt === null) return { ok: false, reason: 'observedAt is more than a day in the future' };
  return {
    ok: true,
    event: { offerId, storeId, itemId, name, image: image ?? '', validUntil: validUntil === null ? null : canonicalIsoTime(validUntil, Date.parse(validUntil)), observedAt },
  };
}
