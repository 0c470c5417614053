import { Id, IsoTime, Latitude, Longitude, Nullable } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * Message patterns and payloads of the stores service (stores, chains, opening hours, offers). Each request payload is
 * a TypeBox schema (the service checks every message against it; the gateway composes its query parameters from it)
 * and so is each reply (the gateway's OpenAPI document references it, the web app imports its type); every type is
 * derived from its schema.
 */

export const StoresPatterns = {
  Search: 'stores.search',
  InBox: 'stores.in-box',
  Minimal: 'stores.minimal',
  Get: 'stores.get',
  GetMany: 'stores.get-many',
  OffersByStore: 'stores.offers.by-store',
  ByShopStoreId: 'stores.by-shop-store-id',
} as const;
export type StoresPattern = (typeof StoresPatterns)[keyof typeof StoresPatterns];

/** The chains a store can belong to: the one list (the demo data, the gateway's schemas and the web's names follow it). */
export const CHAIN_IDS = ['prisma', 's-market', 'alepa', 'sale', 'abc', 'herkku', 'kcitymarket', 'ksupermarket', 'kmarket', 'nokm', 'lidl'] as const;
export type ChainId = (typeof CHAIN_IDS)[number];
export const ChainId = Type.Unsafe<ChainId>(Type.Union(CHAIN_IDS.map((chain) => Type.Literal(chain))));

/** 'K' for the K group, 'S' for the S group, 'L' for Lidl. */
export const StoreGroupType = Type.Union([Type.Literal('S'), Type.Literal('K'), Type.Literal('L')]);
export type StoreGroupType = Static<typeof StoreGroupType>;

export const OpeningEntryDto = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  opens: Nullable(Type.String({ description: 'HH:MM' })),
  closes: Nullable(Type.String({ description: 'HH:MM' })),
  isOpenAllDay: Type.Boolean(),
  description: Nullable(Type.String()),
});
export type OpeningEntryDto = Static<typeof OpeningEntryDto>;

export const StoreDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  urlSlug: Type.String(),
  chain: ChainId,
  type: StoreGroupType,
  externalId: Type.String(),
  address: Type.String(),
  postalCode: Type.String(),
  city: Type.String(),
  lat: Type.Number(),
  long: Type.Number(),
  /** Dated regular entries from yesterday to six days ahead (Europe/Helsinki). */
  openingTimes: Type.Array(OpeningEntryDto),
  /** Dated exceptions in the same window; an exception overrides the regular entry of its date. */
  openingTimeExceptions: Type.Array(OpeningEntryDto),
  /** Metres from the point asked for; only when a point was given. */
  distance: Type.Optional(Type.Number({ description: 'metres; only when lat and long were given' })),
  /** The source the store came from ('osm', 's-group', …) and when it last saw it; null for seeded stores. */
  source: Nullable(Type.String({ description: "the source the store came from ('osm', 's-group', …); null for seeded stores" })),
  sourceObservedAt: Nullable(IsoTime),
  /** false: the source's hours could not be read, so none are shown ("Aukioloajat eivät ole tiedossa"). */
  openingHoursKnown: Type.Boolean({ description: 'false: the source gives hours that could not be read, so none are shown' }),
  /** The store is gone from its source (closed for good); kept so carts and history still point at it. */
  isClosed: Type.Boolean({ description: 'gone from its source: closed for good (kept for carts and history, left out of lists)' }),
});
export type StoreDto = Static<typeof StoreDto>;

export const StoreMinimalDto = Type.Object({ id: Type.Integer(), name: Type.String(), urlSlug: Type.String(), chain: ChainId, type: StoreGroupType });
export type StoreMinimalDto = Static<typeof StoreMinimalDto>;

export const OfferDto = Type.Object({ id: Type.Integer(), name: Type.String(), image: Type.String() });
export type OfferDto = Static<typeof OfferDto>;

/** A page of the minimal store list. */
export const STORE_PAGE_SIZE = 200;

/** The stores service's limits, for the service and the gateway alike. */
export const STORE_LIMITS = {
  /** Characters of search text. */
  searchLength: 200,
  /** Stores one search answers: at most 50 (the HTTP API's bound too), 20 when not asked. */
  search: { default: 20, max: 50 },
  /** Stores one box answers: at most 1000, 500 when not asked. */
  box: { default: 500, max: 1000 },
  /** Stores one page of the minimal list answers (default STORE_PAGE_SIZE), and the most it skips. */
  minimal: { default: STORE_PAGE_SIZE, max: 1000 },
  skip: 1_000_000,
  /** Store ids one GetMany names. */
  ids: 1000,
} as const;

/** Stores skipped by the minimal list's page, 0 … 1,000,000. */
export const StoreSkip = Type.Integer({ minimum: 0, maximum: STORE_LIMITS.skip });

/** `stores.search`: by name, chain, city or address; control characters count as spaces, spaces around are trimmed. */
export const SearchStoresRequest = Type.Object({
  search: Type.Optional(Type.String({ maxLength: STORE_LIMITS.searchLength })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_LIMITS.search.max })),
});
export type SearchStoresRequest = Static<typeof SearchStoresRequest>;

/**
 * `stores.in-box`: the stores inside a box (its rules across fields, which a schema cannot state, are
 * storeBoxProblem's), nearest first from a point when both lat and long are given (one of them alone is ignored).
 */
export const StoresInBoxRequest = Type.Object({
  minLat: Latitude,
  minLong: Longitude,
  maxLat: Latitude,
  maxLong: Longitude,
  lat: Type.Optional(Latitude),
  long: Type.Optional(Longitude),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_LIMITS.box.max })),
});
export type StoresInBoxRequest = Static<typeof StoresInBoxRequest>;

/** The largest box searched, in degrees: 5 of latitude (about 550 km north–south) and 10 of longitude (storeSearchBox). */
export const STORE_BOX_DEGREES = { lat: 5, long: 10 } as const;

/** The box's rules across its fields in words, for the API's description of the route and its 400. */
export const STORE_BOX_RULES =
  `minLat ≤ maxLat and minLong ≤ maxLong (else 400); a box over ${STORE_BOX_DEGREES.lat}° of latitude or ${STORE_BOX_DEGREES.long}° of longitude ` +
  'is answered for that much of it, around lat/long when they lie in it, else around its centre';

type Box = Pick<StoresInBoxRequest, 'minLat' | 'minLong' | 'maxLat' | 'maxLong'>;

/**
 * What is wrong with a box, as the 400 says it, or null: inverted. The one rule of the box, which the stores service
 * applies to every message and the gateway to the query before it asks. A box too large is not wrong: see storeSearchBox.
 */
export function storeBoxProblem({ minLat, minLong, maxLat, maxLong }: Box): string | null {
  if (minLat > maxLat) return `minLat (${minLat}) must not be greater than maxLat (${maxLat})`;
  if (minLong > maxLong) return `minLong (${minLong}) must not be greater than maxLong (${maxLong})`;
  return null;
}

/** One side of the searched box: at most `span` of [min, max], around `at` (kept inside [min, max]). */
function cropped(min: number, max: number, span: number, at: number): [number, number] {
  if (max - min <= span) return [min, max];
  const low = Math.min(Math.max(at - span / 2, min), max - span);
  return [low, low + span];
}

/**
 * The box searched for a request: the one asked for, or — wider than STORE_BOX_DEGREES on a side — that much of it,
 * around the point when it lies in the box, else around its centre (so a request the schema admits is answered, and
 * one answer never scans the whole country's stores). Expects a box storeBoxProblem accepts.
 */
export function storeSearchBox(request: Box & Pick<StoresInBoxRequest, 'lat' | 'long'>): Box {
  const { minLat, minLong, maxLat, maxLong } = request;
  const point = storeBoxPoint(request);
  const inside = 'lat' in point && point.lat >= minLat && point.lat <= maxLat && point.long >= minLong && point.long <= maxLong;
  const [lat0, lat1] = cropped(minLat, maxLat, STORE_BOX_DEGREES.lat, inside ? point.lat : (minLat + maxLat) / 2);
  const [long0, long1] = cropped(minLong, maxLong, STORE_BOX_DEGREES.long, inside ? point.long : (minLong + maxLong) / 2);
  return { minLat: lat0, minLong: long0, maxLat: lat1, maxLong: long1 };
}

/** The point to sort by: lat and long as a pair; one of them alone is ignored (no point), so is neither. */
export function storeBoxPoint({ lat, long }: Pick<StoresInBoxRequest, 'lat' | 'long'>): { lat: number; long: number } | Record<string, never> {
  return lat !== undefined && long !== undefined ? { lat, long } : {};
}

/** `stores.minimal`: every store by name and id, a page at a time. */
export const MinimalStoresRequest = Type.Object({
  skip: Type.Optional(StoreSkip),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_LIMITS.minimal.max })),
});
export type MinimalStoresRequest = Static<typeof MinimalStoresRequest>;

/** `stores.get`. */
export const GetStoreRequest = Type.Object({ id: Id() });
export type GetStoreRequest = Static<typeof GetStoreRequest>;

/** `stores.get-many`: the known ones of at most 1000 store ids (a repeated id counts once: distinctIds). */
export const GetStoresRequest = Type.Object({ ids: Type.Array(Id(), { maxItems: STORE_LIMITS.ids }) });
export type GetStoresRequest = Static<typeof GetStoresRequest>;

/**
 * The chains' web shops a shopper's browser extension reads, and the group of each: a shop's own store id is the
 * `externalId` of that group's store (S-kaupat's store ids are the S group's, K-Ruoka's the K group's).
 */
export const SHOP_GROUPS = { 's-kaupat': 'S', 'k-ruoka': 'K' } as const;
export type ShopId = keyof typeof SHOP_GROUPS;
export const SHOP_IDS = Object.keys(SHOP_GROUPS) as ShopId[];

/** `stores.by-shop-store-id`: the open store of a shop's group with that shop's store id (`GET /api/stores/byShopStoreId`). */
export const StoreByShopStoreIdRequest = Type.Object(
  {
    shop: Type.Unsafe<ShopId>({
      ...Type.Union(SHOP_IDS.map((shop) => Type.Literal(shop))),
      title: 'shop',
      'x-expected': SHOP_IDS.join(' or '),
      description: `the web shop: ${SHOP_IDS.join(' or ')}`,
    }),
    id: Type.String({
      pattern: '^[A-Za-z0-9_-]{1,64}$',
      title: 'id',
      'x-expected': '1 to 64 letters, digits, _ or -',
      description: "the shop's own store id (1 to 64 letters, digits, _ or -)",
      examples: ['513971200'],
    }),
  },
  { additionalProperties: false },
);
export type StoreByShopStoreIdRequest = Static<typeof StoreByShopStoreIdRequest>;

/** `stores.offers.by-store`. */
export const OffersByStoreRequest = Type.Object({ storeId: Id() });
export type OffersByStoreRequest = Static<typeof OffersByStoreRequest>;
