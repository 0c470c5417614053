import { Id, Latitude, Longitude, MemberCards, Nullable, ShoppingDate, StorePrice, TillApplied } from '@hintakori/shared-contracts';
import { type Static, Type } from 'typebox';

/**
 * Message patterns and payloads of the comparisons service (store totals, comparison basket, split). Each request
 * payload is a TypeBox schema (the service checks every message against it; the gateway composes its HTTP bodies from
 * it), and so is each reply (the gateway's OpenAPI document references it, the web app imports its type); every type
 * is derived from its schema.
 */

export const ComparisonsPatterns = {
  StoreTotals: 'comparisons.store-totals',
  Basket: 'comparisons.basket',
  Split: 'comparisons.split',
  /** DemandRequest → DemandCounts: how often shoppers compared each store and item in the last days (anonymous counts). */
  Demand: 'comparisons.demand',
} as const;
export type ComparisonsPattern = (typeof ComparisonsPatterns)[keyof typeof ComparisonsPatterns];

/** The limits of a comparison: stores compared at once, lines in a basket, and a line's quantity. */
export const COMPARISON_LIMITS = { stores: 100, lines: 1000, quantity: 999 } as const;
/** The limits of an exact split (every store subset is enumerated, so they are small) and its defaults. */
export const SPLIT_LIMITS = { stores: 20, lines: 200, maxStores: 3, defaultMaxStores: 2, costPerKmCents: 10_000, defaultCostPerKmCents: 25 } as const;

/** A line's quantity, 1 … 999. */
export const Quantity = Type.Integer({ minimum: 1, maximum: COMPARISON_LIMITS.quantity });
export const ComparisonLine = Type.Object({ itemId: Id('itemId'), quantity: Quantity });
export type ComparisonLine = Static<typeof ComparisonLine>;

/**
 * Compared store ids: at least one, at most `max`; a store listed twice is compared once (the service applies
 * distinctIds, the one policy for repeated ids).
 */
export const ComparedStoreIds = (max: number) => Type.Array(Id(), { minItems: 1, maxItems: max });

/**
 * Whose till total a comparison is (every comparison request takes them): the cards the shopper holds (default none:
 * shelf prices), the shopping day (default today in Helsinki; the service refuses one more than
 * MAX_SHOPPING_DAY_OFFSET days away), and the compared stores whose baskets earn the S-Bonus estimate (the gateway
 * fills it from the stores service with the S group's stores when the cards include s-etukortti).
 */
export const TillRequestFields = {
  cards: Type.Optional(MemberCards),
  date: Type.Optional(ShoppingDate),
  bonusStoreIds: Type.Optional(Type.Array(Id('bonusStoreIds'), { maxItems: COMPARISON_LIMITS.stores })),
};

/** `comparisons.store-totals` and `comparisons.basket`. */
export const ComparisonRequest = Type.Object({
  storeIds: ComparedStoreIds(COMPARISON_LIMITS.stores),
  lines: Type.Array(ComparisonLine, { maxItems: COMPARISON_LIMITS.lines }),
  ...TillRequestFields,
});
export type ComparisonRequest = Static<typeof ComparisonRequest>;

export const StoreTotal = Type.Object({
  /** Σ quantity × price in cents, estimated prices included, plus `deposits`: what the shopper pays at the till. */
  total: Type.Integer({ description: 'what the basket costs in this store (cents), estimated prices and deposits included' }),
  /**
   * Σ quantity × deposit (pantti) in cents, already in `total`: shown as its own line. An estimated line's deposit is
   * estimated as its price is (the average over the compared stores that price the item, a store without one as 0).
   */
  deposits: Type.Integer({ minimum: 0, description: 'the container deposits (pantti, cents) of the basket, already in total' }),
  /** Lines whose price in this store was estimated from the other compared stores. */
  estimatedCount: Type.Integer(),
  /** Lines that have no price in any compared store. */
  missingCount: Type.Integer(),
  cheapest: Type.Boolean(),
  /** What the shopper's cards and the multibuys took off the shelf prices, cents (already out of `total`). */
  savings: Type.Optional(Type.Integer({ minimum: 0, description: 'member prices and multibuys off the shelf prices (cents), already out of total' })),
  /** The S-Bonus estimate of this basket for an S-Etukortti holder (cents, an estimate paid later, never in `total`); only for the S group's stores. */
  bonus: Type.Optional(Type.Integer({ minimum: 0, description: 'the S-Bonus estimate (cents), paid later: never in total, never decides cheapest' })),
  /** Lines of weighed goods counted by an average weight (estimates). */
  weighedCount: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type StoreTotal = Static<typeof StoreTotal>;

/** Keyed by store id. */
export const StoreTotalsResult = Type.Record(Type.String({ pattern: '^[0-9]+$' }), StoreTotal, { description: 'keyed by store id' });
export type StoreTotalsResult = Static<typeof StoreTotalsResult>;

/**
 * A price in a comparison: an estimate where the store has none; no 30-day fields. `price` is the shelf price of the
 * shopping day (the campaign price while it runs, else the regular one); `lineTotal` what the line costs this shopper
 * at the till (cards, multibuys and weights applied), and `applied` why.
 */
export const ComparedPrice = Type.Object({
  ...StorePrice.properties,
  lineTotal: Type.Optional(Nullable(Type.Integer({ description: 'what the line costs at the till for this shopper, cents (deposits apart)' }))),
  applied: Type.Optional(Type.Array(TillApplied, { description: 'the till rules applied to the line, or offers it did not reach' })),
});
export type ComparedPrice = Static<typeof ComparedPrice>;

export const BasketLine = Type.Object({ itemId: Type.Integer(), quantity: Type.Integer(), storeItems: Type.Array(ComparedPrice) });
export type BasketLine = Static<typeof BasketLine>;

/** A point: where a trip starts. */
export const GeoPoint = Type.Object({ lat: Latitude, long: Longitude });

/** Where a compared store is (the gateway adds it from the stores service when the shopper gives a position). */
export const StoreLocation = Type.Object({ storeId: Id('storeId'), lat: Latitude, long: Longitude });
export type StoreLocation = Static<typeof StoreLocation>;

/** Stores a split may use, 1 … 3 (default 2). */
export const SplitMaxStores = Type.Integer({ minimum: 1, maximum: SPLIT_LIMITS.maxStores, title: 'maxStores' });
/** Cost of one kilometre of travel, cents, 0 … 10,000 (default 25). */
export const CostPerKmCents = Type.Integer({ minimum: 0, maximum: SPLIT_LIMITS.costPerKmCents });

/** `comparisons.split`: buy the basket in at most `maxStores` of the compared stores. */
export const BasketSplitRequest = Type.Object({
  ...TillRequestFields,
  storeIds: ComparedStoreIds(SPLIT_LIMITS.stores),
  lines: Type.Array(ComparisonLine, { maxItems: SPLIT_LIMITS.lines }),
  maxStores: Type.Optional(SplitMaxStores),
  origin: Type.Optional(GeoPoint),
  locations: Type.Optional(Type.Array(StoreLocation)),
  costPerKmCents: Type.Optional(CostPerKmCents),
});
export type BasketSplitRequest = Static<typeof BasketSplitRequest>;

/** Where to buy one line; `storeId`/`price` null when no compared store has a price for it. */
export const SplitLine = Type.Object({
  itemId: Type.Integer(),
  quantity: Type.Integer(),
  storeId: Nullable(Type.Integer()),
  /** Unit price in cents at that store (an estimate when isEstimated). */
  price: Nullable(Type.Integer({ description: 'unit price, cents' })),
  isEstimated: Type.Boolean(),
  /** What the line costs at that store's till for this shopper, cents (null with no price). */
  lineTotal: Type.Optional(Nullable(Type.Integer())),
  applied: Type.Optional(Type.Array(TillApplied)),
});
export type SplitLine = Static<typeof SplitLine>;

export const BasketSplitResult = Type.Object({
  /** The stores to visit, in request order (one store when no split is cheaper). */
  stores: Type.Array(Type.Integer()),
  lines: Type.Array(SplitLine),
  /** Σ quantity × price over the split, cents. */
  total: Type.Integer(),
  /** The cheapest single store for the whole basket; null when no line has a price anywhere. */
  cheapestSingleStore: Nullable(Type.Object({ storeId: Type.Integer(), total: Type.Integer() })),
  /** cheapestSingleStore.total − total (≥ 0). */
  saving: Type.Integer(),
  /** Extra kilometres of the round trip through the split's stores over the one to the cheapest single store (with an origin). */
  extraDistanceKm: Type.Optional(Type.Number()),
  /** extraDistanceKm × costPerKmCents, rounded to cents (with an origin). */
  travelCostCents: Type.Optional(Type.Integer()),
  /** The saving is positive and, with an origin, larger than the travel cost. */
  worthIt: Type.Boolean(),
});
export type BasketSplitResult = Static<typeof BasketSplitResult>;

/**
 * The anonymous demand counts (`comparisons.demand`): per UTC day, how many store-total and split requests selected
 * each store and had each item in their lines (once per request), nothing of who asked. Kept `days` days back.
 */
export const DEMAND_LIMITS = { days: 8, top: 5000 } as const;

/** `comparisons.demand`: the last `days` days (today included, UTC), at most `limit` stores and items (default 5,000). */
export const DemandRequest = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: DEMAND_LIMITS.days, title: 'days' }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEMAND_LIMITS.top, title: 'limit' })),
});
export type DemandRequest = Static<typeof DemandRequest>;

/** The counts of the asked days, most first (ties by id), at most `limit` of each. */
export const DemandCounts = Type.Object({
  stores: Type.Array(Type.Object({ storeId: Type.Integer(), count: Type.Integer() })),
  items: Type.Array(Type.Object({ itemId: Type.Integer(), count: Type.Integer() })),
});
export type DemandCounts = Static<typeof DemandCounts>;
