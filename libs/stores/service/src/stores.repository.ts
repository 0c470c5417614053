import type { ChainId, StoreGroupType, StoreMinimalDto } from '@hintakori/stores-contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DatedException, OpeningWindow, WeeklyHours } from './opening-window';

/** Spec §9: distances use an earth radius of 6378 km. */
export const EARTH_RADIUS_METRES = 6_378_000;

const toNanodegrees = (degrees: number): number => Math.round(degrees * 1e9) / 1e9;

export interface StoreRow {
  id: number;
  name: string;
  urlSlug: string;
  chain: ChainId;
  type: StoreGroupType;
  externalId: string;
  address: string;
  postalCode: string;
  city: string;
  lat: number;
  long: number;
  distance: number | null;
  weeklyHours: WeeklyHours[];
  exceptions: DatedException[];
  source: string | null;
  sourceObservedAt: string | null;
  openingHoursKnown: boolean;
  isClosed: boolean;
}

export interface Box {
  minLat: number;
  minLong: number;
  maxLat: number;
  maxLong: number;
}

export interface Point {
  lat: number;
  long: number;
}

type RawStoreRow = Omit<StoreRow, 'weeklyHours' | 'exceptions'> & {
  hours: [weekday: number, opens: string | null, closes: string | null, isOpenAllDay: boolean][] | null;
  exceptions: [date: string, opens: string | null, closes: string | null, isOpenAllDay: boolean, description: string | null][] | null;
};

interface SearchWord {
  /** The word as stores.search_key normalises it. */
  key: string;
  /** Whether some store contains it as it is; if not, it is matched as a typo. */
  exact: boolean;
}

/**
 * The ranked ids of a text search ($1..$n the normalised words, $n+1 the raw query, $n+2 the
 * limit). 'all': every word must match; 'any': at least one, more matched words first.
 */
function searchPage(words: SearchWord[], mode: 'all' | 'any'): string {
  const matches = words.map(({ exact }, i) => (exact ? `s.search_doc LIKE '%' || $${i + 1} || '%'` : `$${i + 1} OPERATOR(public.<%) s.search_doc`));
  const wordScores = words.map(({ exact }, i) => {
    const w = `$${i + 1}`;
    if (!exact) {
      const similarity = `greatest(public.word_similarity(${w}, s.search_name), 0.8 * public.word_similarity(${w}, s.search_doc))`;
      return mode === 'all' ? similarity : `CASE WHEN ${matches[i]} THEN 10 + ${similarity} ELSE 0 END`;
    }
    return `CASE
        WHEN ' ' || s.search_name || ' ' LIKE '% ' || ${w} || ' %' THEN ${mode === 'all' ? 6 : 16}
        WHEN ' ' || s.search_doc || ' ' LIKE '% ' || ${w} || ' %' THEN ${mode === 'all' ? 4.5 : 14.5}
        WHEN ' ' || s.search_name LIKE '% ' || ${w} || '%' THEN ${mode === 'all' ? 4 : 14}
        WHEN s.search_name LIKE '%' || ${w} || '%' THEN ${mode === 'all' ? 3 : 13}
        WHEN ' ' || s.search_doc LIKE '% ' || ${w} || '%' THEN ${mode === 'all' ? 2 : 12}
        ${mode === 'all' ? 'ELSE 1.5' : `WHEN ${matches[i]} THEN 11.5 ELSE 0`}
      END`;
  });
  // The whole query as the start of the name ('alepa kamppi' for Alepa Kamppi) comes first.
  const whole = `stores.search_key($${words.length + 1})`;
  const score = `CASE WHEN s.search_name || ' ' LIKE ${whole} || ' %' THEN 8 WHEN s.search_name LIKE ${whole} || '%' THEN 5 ELSE 0 END
    + ${wordScores.join(' + ')}`;
  return `
    SELECT s.id, row_number() OVER (ORDER BY ${score} DESC, s.name, s.id) AS ord, NULL::integer AS distance
    FROM stores.stores s
    WHERE s.closed_at IS NULL AND (${matches.join(mode === 'all' ? ' AND ' : ' OR ')})
    ORDER BY ord
    LIMIT $${words.length + 2}`;
}

/**
 * Store reads. Each list is one statement: an inner "page" query picks the ids in order (with
 * their distance), the outer query adds chain, weekly hours and the window's exceptions. A text
 * search first classifies its words in one more small query.
 */
@Injectable()
export class StoresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Every word must occur in the store's name, chain, city, address or postal code as a substring.
   * A word found in no store at all is taken as a typo and matched by trigram word similarity
   * instead (pg_trgm's default threshold, 0.6). Deciding that first (one small query) keeps every
   * condition of the main query index-friendly and the costly similarity test off exact words.
   * When no store matches all the words, the stores matching the most of them come instead.
   * Best first: the query as the start of the name, then whole words in the name, whole words
   * elsewhere (a city), word starts in the name, substrings, typo matches; ties by name.
   */
  async search(tokens: string[], phrase: string, limit: number, window: OpeningWindow): Promise<StoreRow[]> {
    const words = await this.classify(tokens);
    if (words.length === 0) return this.firstByName(limit, window);
    const params: unknown[] = [...words.map((word) => word.key), phrase, limit];
    const all = await this.withDetails(searchPage(words, 'all'), params, window);
    if (all.length > 0 || words.length === 1) return all;
    return this.withDetails(searchPage(words, 'any'), params, window);
  }

  /** Normalises the words (stores.search_key) and tells which occur in some store as they are. */
  private async classify(tokens: string[]): Promise<SearchWord[]> {
    const rows: SearchWord[] = await this.dataSource.query(
      `SELECT k.key, EXISTS (SELECT 1 FROM stores.stores x WHERE x.search_doc LIKE '%' || k.key || '%') AS exact
       FROM unnest($1::text[]) WITH ORDINALITY AS t(token, ord)
       CROSS JOIN LATERAL (SELECT stores.search_key(t.token) AS key) k
       WHERE k.key <> ''
       ORDER BY t.ord`,
      [tokens],
    );
    const unique = new Map(rows.map((row) => [row.key, row] as const));
    return [...unique.values()];
  }

  /** The first stores by name (the empty search). */
  firstByName(limit: number, window: OpeningWindow): Promise<StoreRow[]> {
    const page = `
      SELECT s.id, row_number() OVER (ORDER BY s.name, s.id) AS ord, NULL::integer AS distance
      FROM stores.stores s
      WHERE s.closed_at IS NULL
      ORDER BY s.name, s.id
      LIMIT $1`;
    return this.withDetails(page, [limit], window);
  }

  /**
   * Stores inside the box; nearest first with whole-metre distances when a point is given, else by name. The point
   * goes to the query to the nanodegree (0.1 mm): PostgreSQL's float8 arithmetic refuses a result that underflows, so
   * a coordinate such as 5e-324 would make radians() fail ("value out of range: underflow").
   */
  inBox(box: Box, point: Point | undefined, limit: number, window: OpeningWindow): Promise<StoreRow[]> {
    const inside = 's.closed_at IS NULL AND point(s.long, s.lat) <@ box(point($1, $2), point($3, $4))';
    const params: unknown[] = [box.minLong, box.minLat, box.maxLong, box.maxLat, limit];
    if (!point) {
      const page = `
        SELECT s.id, row_number() OVER (ORDER BY s.name, s.id) AS ord, NULL::integer AS distance
        FROM stores.stores s WHERE ${inside}
        ORDER BY ord LIMIT $5`;
      return this.withDetails(page, params, window);
    }
    // Haversine; least() keeps rounding errors from pushing asin's argument past 1.
    const haversine = `round(2 * ${EARTH_RADIUS_METRES} * asin(least(1, sqrt(
        power(sin(radians(s.lat - $6) / 2), 2)
        + cos(radians($6)) * cos(radians(s.lat)) * power(sin(radians(s.long - $7) / 2), 2)))))::integer`;
    const page = `
      SELECT id, row_number() OVER (ORDER BY distance, name, id) AS ord, distance
      FROM (SELECT s.id, s.name, ${haversine} AS distance FROM stores.stores s WHERE ${inside}) boxed
      ORDER BY ord LIMIT $5`;
    return this.withDetails(page, [...params, toNanodegrees(point.lat), toNanodegrees(point.long)], window);
  }

  /** The open stores of a group (S, K, L) with this externalId (a shop's own store id): one, or none. */
  byExternalId(group: string, externalId: string, window: OpeningWindow): Promise<StoreRow[]> {
    const page = `
      SELECT s.id, 1 AS ord, NULL::integer AS distance
      FROM stores.stores s JOIN stores.chains c ON c.id = s.chain_id
      WHERE c.group_type = $1 AND s.external_id = $2 AND s.closed_at IS NULL
      ORDER BY s.id LIMIT 1`;
    return this.withDetails(page, [group, externalId], window);
  }

  /** Stores by id, in the order asked for; unknown ids are left out. */
  byIds(ids: number[], window: OpeningWindow): Promise<StoreRow[]> {
    const page = 'SELECT p.id, p.ord, NULL::integer AS distance FROM unnest($1::integer[]) WITH ORDINALITY AS p(id, ord)';
    return this.withDetails(page, [ids], window);
  }

  /** One page of the minimal list, ordered by name then id so pages never overlap or skip. */
  minimal(skip: number, limit: number): Promise<StoreMinimalDto[]> {
    return this.dataSource.query(
      `SELECT s.id, s.name, s.url_slug AS "urlSlug", s.chain_id AS chain, c.group_type AS type
       FROM stores.stores s JOIN stores.chains c ON c.id = s.chain_id
       WHERE s.closed_at IS NULL
       ORDER BY s.name, s.id
       OFFSET $1 LIMIT $2`,
      [skip, limit],
    );
  }

  private async withDetails(page: string, params: unknown[], window: OpeningWindow): Promise<StoreRow[]> {
    const from = `$${params.length + 1}::date`;
    const to = `$${params.length + 2}::date`;
    // Hours travel as compact tuples: json_build_array and time::text cost a third less than
    // json_build_object and to_char over a thousand stores.
    const rows: RawStoreRow[] = await this.dataSource.query(
      `WITH page AS (${page})
       SELECT s.id, s.name, s.url_slug AS "urlSlug", s.chain_id AS chain, c.group_type AS type,
              s.external_id AS "externalId", s.address, s.postal_code AS "postalCode", s.city, s.lat, s.long,
              page.distance, s.source, s.observed_at AS "sourceObservedAt", s.hours_known AS "openingHoursKnown",
              s.closed_at IS NOT NULL AS "isClosed",
              (SELECT json_agg(json_build_array(h.weekday, left(h.opens::text, 5), left(h.closes::text, 5), h.is_open_all_day))
               FROM stores.opening_hours h WHERE h.store_id = s.id) AS hours,
              (SELECT json_agg(json_build_array(to_char(e.date, 'YYYY-MM-DD'), left(e.opens::text, 5), left(e.closes::text, 5),
                                                e.is_open_all_day, e.description))
               FROM stores.opening_exceptions e WHERE e.store_id = s.id AND e.date BETWEEN ${from} AND ${to}) AS exceptions
       FROM page
       JOIN stores.stores s ON s.id = page.id
       JOIN stores.chains c ON c.id = s.chain_id
       ORDER BY page.ord`,
      [...params, window.from, window.to],
    );
    return rows.map(({ hours, exceptions, sourceObservedAt, ...store }) => ({
      ...store,
      sourceObservedAt: sourceObservedAt ? new Date(sourceObservedAt).toISOString() : null,
      weeklyHours: (hours ?? []).map(([weekday, opens, closes, isOpenAllDay]) => ({ weekday, opens, closes, isOpenAllDay })),
      exceptions: (exceptions ?? []).map(([date, opens, closes, isOpenAllDay, description]) => ({ date, opens, closes, isOpenAllDay, description })),
    }));
  }
}
