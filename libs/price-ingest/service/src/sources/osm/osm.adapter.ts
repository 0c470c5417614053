import type { FeedInput } from '../../feeds/feed-input';
import { reject, type FeedRecord, type FeedStore } from '../../feeds/feed-record';
import { slugOr } from '../../feeds/adapters/common';
import { finnishLatLong, isObject, latLong, RecordError, type Json } from '../../feeds/values';
import { linesInput, type PullContext, type PullSourceAdapter } from '../pull-source';
import { SourceTooLargeError } from '../source-http';
import { chainNameRegex, chainOf, chainWikidataRegex, normaliseName, OSM_CHAINS, type OsmChain } from './osm-chains';
import { helsinkiToday, storeHours, type StoreHours } from './osm-hours';

/** The public Overpass API interpreter (main instance). */
export const OVERPASS_INTERPRETER_URL = 'https://overpass-api.de/api/interpreter';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest Overpass answer read (HttpGetOptions.maxBytes): Finland's shops are a few megabytes; this leaves room. */
export const OVERPASS_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Why an element was not imported. Each reject's reason is `skipped (<kind>): <detail>`; `osmSkipKind` reads the
 * kind back so a run can count them.
 */
export const OSM_SKIP_KINDS = {
  notAChain: 'not a chain',
  closed: 'closed shop',
  noCoordinates: 'no coordinates',
  outsideFinland: 'outside Finland',
  unreadable: 'unreadable element',
} as const;

export type OsmSkipKind = (typeof OSM_SKIP_KINDS)[keyof typeof OSM_SKIP_KINDS];

/** Start of the reason of the one line an unusable Overpass answer becomes (not a skip: the run learnt nothing). */
export const OVERPASS_ANSWER_ERROR = 'Overpass answer not usable';

export function osmSkipKind(reason: string): OsmSkipKind | null {
  const match = /^skipped \(([^)]+)\):/.exec(reason);
  const kind = match?.[1];
  return (Object.values(OSM_SKIP_KINDS) as string[]).includes(kind ?? '') ? (kind as OsmSkipKind) : null;
}

class Skip extends Error {
  constructor(
    readonly kind: OsmSkipKind,
    detail: string,
  ) {
    super(`skipped (${kind}): ${detail}`);
  }
}

export interface OsmAdapterOptions {
  /** The parser's clock: opening hours are computed for the days from now (Europe/Helsinki). Default: the real time. */
  now?: () => Date;
  /** Days of dated opening-hour exceptions from today; default 21. */
  exceptionDays?: number;
  /** The Overpass query's [timeout:] in seconds; default 180. */
  queryTimeoutSeconds?: number;
}

/**
 * The Overpass QL query for every shop in Finland that may be one of the chains, whatever its `shop` value (an
 * Alepa is often `convenience`, a K-Citymarket sometimes `department_store`), plus Neste K fuel stations mapped
 * without a shop of their own. Bounded by the brand, name and brand:wikidata filters; `out center tags` gives ways
 * and relations a centre and leaves out their geometry.
 */
export function overpassQuery(timeoutSeconds = 180): string {
  const names = chainNameRegex();
  const wikidata = chainWikidataRegex();
  const nesteK = OSM_CHAINS.find((c) => c.id === 'nokm') as OsmChain;
  return [
    `[out:json][timeout:${timeoutSeconds}];`,
    'area["ISO3166-1"="FI"][admin_level=2]->.fi;',
    '(',
    `  nwr(area.fi)[shop][brand~"${names}",i];`,
    `  nwr(area.fi)[shop][name~"${names}",i];`,
    `  nwr(area.fi)[shop]["brand:wikidata"~"${wikidata}"];`,
    `  nwr(area.fi)[amenity=fuel][~"^(brand|name)$"~"^neste +k( |$)",i];`,
    `  nwr(area.fi)[amenity=fuel]["brand:wikidata"="${nesteK.wikidata}"];`,
    ');',
    'out center tags;',
  ].join('\n');
}

/**
 * Turns an Overpass answer into lines: one per element; an answer that is not JSON, has no `elements` array or
 * reports a runtime error (a timed-out query answers 200 with what it had so far and a `remark`) becomes one
 * `{"error": …}` line, so nothing of it is applied.
 */
export function overpassAnswerLines(text: string, status = 200): string[] {
  const error = (message: string) => [JSON.stringify({ error: message })];
  if (status !== 200) return error(`HTTP status ${status}`);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (e) {
    return error(`not valid JSON (${(e as Error).message}; ${text.length} characters)`);
  }
  if (!isObject(answer) || !Array.isArray(answer.elements)) return error('no elements array');
  if (typeof answer.remark === 'string' && /error/i.test(answer.remark)) return error(`the query failed: ${answer.remark}`);
  return answer.elements.map((element) => JSON.stringify(element));
}

/** Lifecycle prefixes (OSM wiki "Lifecycle prefix") that say the shop is no longer trading. */
const LIFECYCLE = ['disused', 'abandoned', 'was', 'closed', 'demolished', 'removed', 'razed', 'destroyed'];

/** Why the tags say the shop is closed, or null. */
function closedBecause(tags: Record<string, string>, now: Date): string | null {
  const shop = tags.shop?.trim().toLowerCase();
  const active = shop !== undefined && shop !== 'vacant' && shop !== 'no';
  if (shop === 'vacant' || shop === 'no') return `shop=${shop}`;
  for (const prefix of LIFECYCLE) {
    if (tags[`${prefix}:shop`] !== undefined && !active) return `${prefix}:shop=${tags[`${prefix}:shop`]}`;
    if (tags[prefix] === 'yes') return `${prefix}=yes`;
  }
  const hours = tags.opening_hours?.trim().toLowerCase();
  if (hours === 'closed' || hours === 'off') return `opening_hours=${hours}`;
  const end = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(tags.end_date?.trim() ?? '');
  if (end && `${end[1]}-${end[2] ?? '12'}-${end[3] ?? '31'}` < now.toISOString().slice(0, 10)) return `end_date=${tags.end_date}`;
  return null;
}

function tagsOf(element: Json): Record<string, string> {
  if (element.tags === undefined) return {};
  if (!isObject(element.tags)) throw new Skip(OSM_SKIP_KINDS.unreadable, 'tags is not an object');
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(element.tags)) if (typeof v === 'string') tags[k] = v;
  return tags;
}

const tag = (tags: Record<string, string>, ...keys: string[]) => {
  for (const k of keys) {
    const value = tags[k]?.trim();
    if (value) return value;
  }
  return '';
};

function coordinates(element: Json, ref: string): { lat: number; long: number } {
  const center = isObject(element.center) ? element.center : null;
  const lat = element.lat ?? center?.lat;
  const lon = element.lon ?? center?.lon;
  if (lat === undefined || lon === undefined) throw new Skip(OSM_SKIP_KINDS.noCoordinates, `${ref} has neither lat/lon nor a center`);
  try {
    latLong(lat, lon);
  } catch (error) {
    throw new Skip(OSM_SKIP_KINDS.unreadable, `${ref}: ${(error as Error).message}`);
  }
  try {
    return finnishLatLong(lat, lon);
  } catch (error) {
    if (error instanceof RecordError) throw new Skip(OSM_SKIP_KINDS.outsideFinland, `${ref}: ${error.message}`);
    throw error;
  }
}

/** The store's name: the OSM `name` (with its `branch` when the name is just the chain's), else the chain and city. */
function storeName(tags: Record<string, string>, chain: OsmChain, city: string, address: string): string {
  const name = tag(tags, 'name');
  const branch = tag(tags, 'branch');
  const bare = !name || chain.namePrefixes.includes(normaliseName(name)) || chain.brands.includes(normaliseName(name));
  if (!bare) return name;
  const base = name || chain.displayName;
  const place = branch || city || address;
  return place ? `${base} ${place}` : base;
}

/** Overpass elements (one JSON object a line) as stores of the chains; everything else is skipped with a reason. */
export class OsmAdapter implements PullSourceAdapter {
  readonly source = 'osm';
  readonly defaultLocation = OVERPASS_INTERPRETER_URL;
  readonly closesUnseenStores = true;
  private readonly now: () => Date;
  private readonly exceptionDays: number;
  readonly query: string;

  constructor(options: OsmAdapterOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.exceptionDays = options.exceptionDays ?? 21;
    this.query = overpassQuery(options.queryTimeoutSeconds ?? 180);
  }

  async openInput(location: string, ctx: PullContext): Promise<FeedInput> {
    let lines: string[];
    try {
      // The whole country's answer gets more room than the client's default cap.
      const answer = await ctx.http.postForm(location, { data: this.query }, { freshForMs: DAY_MS, accept: 'application/json', signal: ctx.signal, maxBytes: OVERPASS_MAX_BYTES });
      lines = overpassAnswerLines(answer.text, answer.status);
      ctx.log(`Overpass answered ${lines.length} line(s)${answer.fromCache ? ' (from the cache)' : ''}, fetched ${answer.fetchedAt}`);
    } catch (error) {
      // An answer past the cap is one unreadable line (so the run closes no store), like any answer it cannot use.
      if (!(error instanceof SourceTooLargeError)) throw error;
      lines = [JSON.stringify({ error: error.message })];
    }
    let done = 0;
    async function* each(): AsyncGenerator<string> {
      for (const line of lines) {
        yield line;
        done++;
      }
    }
    return linesInput(each(), { done: () => done, total: () => lines.length });
  }

  createParser(): (line: string) => FeedRecord[] {
    const now = this.now();
    const today = helsinkiToday(now).getTime();
    // Many stores share a value ('Mo-Su 07:00-23:00'): each distinct value is read once per parser.
    const hoursCache = new Map<string, StoreHours>();
    const hoursOf = (value: string | undefined, point: { lat: number; long: number }) => {
      const cacheKey = `${today}|${value ?? ''}`;
      let hours = hoursCache.get(cacheKey);
      if (!hours) {
        hours = storeHours(value, { now, lat: point.lat, lon: point.long, exceptionDays: this.exceptionDays });
        hoursCache.set(cacheKey, hours);
      }
      return hours;
    };

    return (line) => {
      if (line.trim() === '') return [];
      let element: unknown;
      try {
        element = JSON.parse(line);
      } catch (error) {
        return [reject('line', `skipped (${OSM_SKIP_KINDS.unreadable}): not valid JSON (${(error as Error).message})`, line.slice(0, 2000))];
      }
      if (isObject(element) && element.type === undefined && typeof element.error === 'string') {
        return [reject('line', `${OVERPASS_ANSWER_ERROR}: ${element.error}`, element)];
      }
      try {
        return [{ kind: 'store', value: this.store(element, now, hoursOf) }];
      } catch (error) {
        if (error instanceof Skip) return [reject('store', error.message, element)];
        throw error;
      }
    };
  }

  private store(element: unknown, now: Date, hoursOf: (value: string | undefined, point: { lat: number; long: number }) => StoreHours): FeedStore {
    if (!isObject(element)) throw new Skip(OSM_SKIP_KINDS.unreadable, 'an element must be a JSON object');
    const type = element.type;
    const id = element.id;
    if (type !== 'node' && type !== 'way' && type !== 'relation') throw new Skip(OSM_SKIP_KINDS.unreadable, `type ${JSON.stringify(type)} is not node, way or relation`);
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw new Skip(OSM_SKIP_KINDS.unreadable, `${type} id ${JSON.stringify(id)} is not a positive integer`);
    const ref = `${type}/${id}`;
    const tags = tagsOf(element);
    const label = `brand ${JSON.stringify(tags.brand ?? null)}, name ${JSON.stringify(tags.name ?? null)}`;

    const closed = closedBecause(tags, now);
    if (closed) throw new Skip(OSM_SKIP_KINDS.closed, `${ref} (${label}) has ${closed}`);
    const chain = chainOf(tags);
    if (!chain) throw new Skip(OSM_SKIP_KINDS.notAChain, `${ref} has ${label}, brand:wikidata ${JSON.stringify(tags['brand:wikidata'] ?? null)}`);
    const point = coordinates(element, ref);

    const street = tag(tags, 'addr:street', 'addr:place');
    const housenumber = tag(tags, 'addr:housenumber');
    const address = street ? [street, housenumber].filter(Boolean).join(' ') : '';
    const postalCode = tag(tags, 'addr:postcode');
    const city = tag(tags, 'addr:city', 'addr:municipality');
    const name = storeName(tags, chain, city, address);
    const hours = hoursOf(tags.opening_hours, point);
    return {
      externalId: `osm:${ref}`,
      chain: chain.id,
      type: chain.type,
      name,
      urlSlug: slugOr(undefined, name, city, `${type[0]}${id}`),
      address,
      postalCode,
      city,
      ...point,
      weeklyHours: hours.weeklyHours,
      exceptions: hours.exceptions,
      openingHoursKnown: hours.openingHoursKnown,
    };
  }
}
