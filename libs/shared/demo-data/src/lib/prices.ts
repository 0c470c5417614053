import { CHAIN_IDS, CHAIN_MISS_RATE, CHAIN_PRICE_FACTOR } from './chains';
import { helsinkiMidnightUtc } from './dates';
import type { ItemMeta } from './items';
import { shelfPrice } from './money';
import { hashUnit } from './prng';
import type { ChainId, DemoItem, DemoPrice, DemoStore, StoreType } from './types';

// Bound once at module level: global lookups are slow inside jest's vm sandbox and this runs per price.
const { floor, round, max } = Math;
const IsoDate = Date;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SALT = {
  carry: 0x0c1,
  noise: 0x0c2,
  snap: 0x0c3,
  chainCampaign: 0x0c4,
  storeCampaign: 0x0c5,
  discount: 0x0c6,
  time: 0x0c7,
  store: 0x0c8,
  range: 0x0c9,
  history: 0x0ca,
  trend: 0x0cb,
  change: 0x0cc,
  member: 0x0cd,
  multibuy: 0x0ce,
  campaignEnd: 0x0cf,
  upcoming: 0x0d0,
  weight: 0x0d1,
};

/** Share of a K group item (the same items in every K store) with a K-Plussa member price, 5–20 % below the price. */
const K_PLUSSA_RATE = 0.12;
/** Share of Lidl's items with a Lidl Plus price, 5–20 % below the price. */
const LIDL_PLUS_RATE = 0.1;
/** Share of a chain's piece-priced items sold also as a multibuy ("2 kpl" or "3 kpl", 8–20 % below the pieces' sum). */
const MULTIBUY_RATE = 0.04;
/** Share of a store's regular prices whose campaign starts in 1–5 days (the price already the campaign's). */
const UPCOMING_RATE = 0.008;
/**
 * The average weight of one piece of loose produce sold by the kilogram, in grams, by a word of its name (first
 * match wins); other goods priced per kg are not sold by the piece and have none.
 */
const PIECE_GRAMS: readonly (readonly [RegExp, number])[] = [
  [/banaani/i, 175],
  [/appelsiini/i, 200],
  [/greippi/i, 300],
  [/sitruuna|lime/i, 110],
  [/omena/i, 180],
  [/päärynä/i, 170],
  [/mandariini|klementiini/i, 80],
  [/kiivi/i, 75],
  [/avokado/i, 200],
  [/mango/i, 350],
  [/kurkku/i, 350],
  [/paprika/i, 180],
  [/tomaatti/i, 90],
  [/sipuli/i, 110],
  [/peruna/i, 110],
  [/porkkana/i, 80],
  [/melon/i, 1500],
  [/kaali/i, 1000],
];

/** Share of prices on campaign: chain-wide campaigns plus single-store ones (≈ 5 % together). */
const CHAIN_CAMPAIGN_RATE = 0.035;
const STORE_CAMPAIGN_RATE = 0.015;
/**
 * Share of the national catalogue a store of each chain carries in the 'finland' size (its format:
 * hypermarkets a big part, convenience stores a small one). Lidl's share is of its national list.
 */
export const FINLAND_ASSORTMENT: Readonly<Record<ChainId, number>> = {
  prisma: 0.36,
  kcitymarket: 0.36,
  herkku: 0.3,
  's-market': 0.14,
  ksupermarket: 0.15,
  sale: 0.07,
  alepa: 0.07,
  kmarket: 0.08,
  abc: 0.05,
  nokm: 0.04,
  lidl: 0.35,
};

/**
 * Share of campaign prices (S and K group feeds) whose feed also carries the price shown before the campaign,
 * 8–20 days earlier, so the demo has a 30-day low to judge a discount by. Half of them are real discounts (the
 * earlier price is the regular one); the other half follow a raised price back to where it was before the raise
 * (the earlier price equals the campaign price: not below the 30-day low, "Ei todellinen alennus").
 */
const CAMPAIGN_HISTORY_RATE = 0.4;

/** Share of prices last seen 15–40 days ago. */
const STALE_RATE = 0.07;

/** How far back the seeded price history reaches, in days. */
export const HISTORY_DAYS = 60;
/** Days before today of the earlier steps of an everyday product's price (then its current price). */
const EVERYDAY_STEPS = [60, 30] as const;
/**
 * Share of the other (non-stale) prices that changed once in the history: the price before it held from 60 days
 * ago, and the change came 0.5–30 days ago (a third of them in the last week), 4–15 % down or up.
 */
const CHANGE_RATE = 0.04;

/** A price without its till terms (an earlier observation: the terms are today's). */
function withoutTerms(price: DemoPrice): DemoPrice {
  const { regularPrice: _regular, campaignStartsAt: _starts, campaignEndsAt: _ends, memberPrice: _member, multibuy: _multibuy, averageWeightGrams: _grams, ...rest } = price;
  return rest;
}

interface StoreProfile {
  store: DemoStore;
  type: StoreType;
  chainIndex: number;
  factor: number;
  missRate: number;
  /** Last two price crawls, UTC ms. */
  crawls: readonly [number, number];
}

/**
 * Stateless price model: every (store, item) decision comes from a hash of the seed and the ids,
 * so prices can be streamed any number of times and counted up front without being stored.
 */
export class PriceModel {
  private readonly profiles: StoreProfile[];
  private readonly todayStart: number;
  /** Helsinki midnights (UTC ms) of today and the 15 days after it. */
  private readonly dayStarts: number[];
  readonly count: number;
  /** Earlier observations historyOf gives over all pairs. */
  readonly historyCount: number;

  constructor(
    private readonly seed: number,
    today: string,
    stores: readonly DemoStore[],
    private readonly items: readonly DemoItem[],
    private readonly meta: readonly ItemMeta[],
    /** Per-chain share of the catalogue a store carries (national size); all of it when absent. */
    private readonly assortment?: Readonly<Record<ChainId, number>>,
    /** Items (by index) of the everyday categories of the price levels' reference basket: each gets a 60-day history. */
    private readonly everyday: ReadonlySet<number> = new Set(),
  ) {
    this.todayStart = helsinkiMidnightUtc(today);
    this.dayStarts = Array.from({ length: 16 }, (_, n) => helsinkiMidnightUtc(new IsoDate(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)));
    this.profiles = stores.map((store) => {
      const h = (k: number) => hashUnit(seed ^ SALT.store, store.id, k);
      const [minMiss, maxMiss] = CHAIN_MISS_RATE[store.chain];
      const latest = this.todayStart - HOUR - floor((h(1) * 20 * HOUR) / 1000) * 1000;
      const previous = latest - 22 * HOUR - floor((h(2) * 4 * HOUR) / 1000) * 1000;
      return {
        store,
        type: store.type,
        chainIndex: CHAIN_IDS.indexOf(store.chain),
        factor: CHAIN_PRICE_FACTOR[store.chain] * (0.97 + 0.06 * h(3)),
        missRate: minMiss + (maxMiss - minMiss) * h(4),
        crawls: [latest, previous],
      };
    });
    let count = 0;
    let historyCount = 0;
    this.profiles.forEach((profile, s) => {
      for (let i = 0; i < items.length; i++) {
        if (!this.carries(profile, i)) continue;
        count++;
        historyCount += this.historyLength(s, i);
      }
    });
    this.count = count;
    this.historyCount = historyCount;
  }

  /** Earlier observations historyOf gives for a pair the store sells: none for a stale price. */
  private historyLength(storeIndex: number, itemIndex: number): number {
    const storeId = this.profiles[storeIndex].store.id;
    const itemId = this.items[itemIndex].id;
    if (hashUnit(this.seed ^ SALT.time, storeId, itemId, 0) < STALE_RATE) return 0;
    if (this.everyday.has(itemIndex)) return EVERYDAY_STEPS.length;
    return hashUnit(this.seed ^ SALT.change, storeId, itemId, 0) < CHANGE_RATE ? 2 : 0;
  }

  /**
   * The observations of a pair before its current price, oldest first (all older than it): an everyday product's
   * price 60 and 30 days ago, drifting towards today's by its chain's trend (−6 … +8 % over the period); some
   * other prices' one change (the earlier price from 60 days ago, then the current price from the change on).
   */
  historyOf(storeIndex: number, itemIndex: number, current: DemoPrice): DemoPrice[] {
    const length = this.historyLength(storeIndex, itemIndex);
    if (length === 0) return [];
    const profile = this.profiles[storeIndex];
    const h = (salt: number, k: number) => hashUnit(this.seed ^ salt, profile.store.id, current.itemId, k);
    const at = (daysAgo: number, k: number) => new IsoDate(floor((this.todayStart - daysAgo * DAY + floor(h(SALT.time, 10 + k) * 10 * HOUR) + 7 * HOUR) / 1000) * 1000).toISOString();
    const regular = this.regularPrice(storeIndex, itemIndex);
    const step = (price: number, updatedAt: string, isCampaign = false): DemoPrice => ({
      ...withoutTerms(current),
      price,
      comparisonPrice: this.comparisonPriceOf(itemIndex, price),
      isCampaign,
      updatedAt,
    });
    if (this.everyday.has(itemIndex)) {
      // Today's regular price less the chain's trend, fading in two steps.
      const trend = -0.06 + 0.14 * hashUnit(this.seed ^ SALT.trend, profile.chainIndex, 0) + 0.02 * (h(SALT.trend, 0) - 0.5);
      return EVERYDAY_STEPS.map((daysAgo, k) => step(max(5, shelfPrice(regular * (1 - (trend * (EVERYDAY_STEPS.length - k)) / EVERYDAY_STEPS.length))), at(daysAgo, k)));
    }
    const size = 0.04 + 0.11 * h(SALT.change, 1);
    const before = max(5, shelfPrice(regular * (h(SALT.change, 2) < 0.5 ? 1 + size : 1 - size)));
    const daysAgo = 0.5 + 29.5 * h(SALT.change, 3) ** 2;
    const changedAt = floor(Math.min(this.todayStart - daysAgo * DAY, Date.parse(current.updatedAt) - HOUR) / 1000) * 1000;
    return [step(before, at(HISTORY_DAYS, 0)), step(current.price, new IsoDate(changedAt).toISOString(), current.isCampaign)];
  }

  /** Whether the store sells the item (index into items). */
  private carries(profile: StoreProfile, index: number): boolean {
    const meta = this.meta[index];
    if (this.assortment) {
      // The chain's range: the same items in all its stores, popular ones more likely.
      const share = this.assortment[profile.store.chain];
      if (hashUnit(this.seed ^ SALT.range, profile.chainIndex, this.items[index].id) >= share * (0.4 + 1.2 * meta.popularity)) return false;
    }
    const r = hashUnit(this.seed ^ SALT.carry, profile.store.id, this.items[index].id);
    if (meta.own) return meta.own === profile.type && r < (profile.type === 'L' ? 0.97 : 1 - profile.missRate * 0.3);
    if (profile.type === 'L') return r < (meta.popularity >= 0.6 ? 0.72 : 0.12);
    return r >= profile.missRate * (1.6 - 1.2 * meta.popularity);
  }

  storeSells(storeIndex: number, itemIndex: number): boolean {
    return this.carries(this.profiles[storeIndex], itemIndex);
  }

  isCampaign(storeIndex: number, itemIndex: number): boolean {
    const profile = this.profiles[storeIndex];
    const itemId = this.items[itemIndex].id;
    return (
      hashUnit(this.seed ^ SALT.chainCampaign, profile.chainIndex, itemId) < CHAIN_CAMPAIGN_RATE ||
      hashUnit(this.seed ^ SALT.storeCampaign, profile.store.id, itemId) < STORE_CAMPAIGN_RATE
    );
  }

  private priceAt(storeIndex: number, index: number): DemoPrice {
    const profile = this.profiles[storeIndex];
    const item = this.items[index];
    const storeId = profile.store.id;
    const h = (salt: number, k = 0) => hashUnit(this.seed ^ salt, storeId, item.id, k);

    const regular = this.regularPrice(storeIndex, index);
    const runningCampaign = this.isCampaign(storeIndex, index);
    // An upcoming campaign: the feed already lists the campaign price with its start (the till's rule).
    const upcoming = !runningCampaign && h(SALT.upcoming) < UPCOMING_RATE;
    const isCampaign = runningCampaign || upcoming;
    let price = regular;
    if (isCampaign) {
      const discount = 0.1 + 0.2 * hashUnit(this.seed ^ SALT.discount, profile.chainIndex, item.id);
      price = shelfPrice(price * (1 - discount));
    }
    price = max(5, price);
    const comparisonPrice = this.comparisonPriceOf(index, price);

    const t = h(SALT.time);
    let updated: number;
    if (t < STALE_RATE) {
      updated = this.todayStart - 15 * DAY - floor(h(SALT.time, 1) * 25 * DAY);
    } else {
      const crawl = t < STALE_RATE + 0.25 ? profile.crawls[1] : profile.crawls[0];
      updated = crawl + floor(h(SALT.time, 2) * 40 * 60) * 1000;
    }
    const demo: DemoPrice = {
      itemId: item.id,
      storeId,
      price,
      comparisonPrice,
      priceUnit: item.priceUnit,
      comparisonPriceUnit: item.comparisonPriceUnit,
      isCampaign,
      updatedAt: new IsoDate(floor(updated / 1000) * 1000).toISOString(),
    };
    const deposit = this.meta[index].deposit;
    if (deposit !== null) demo.deposit = deposit;
    this.addTerms(demo, profile, index, regular, runningCampaign, upcoming);
    return demo;
  }

  /**
   * The till terms of a price (each for a share of prices, deterministic): a campaign's end (1–7 days ahead) and an
   * upcoming one's start (1–5 days ahead, its shelf price the regular price), a K-Plussa price in K stores and a Lidl
   * Plus price in Lidl's, a multibuy of a piece-priced item, the average weight of loose produce.
   */
  private addTerms(demo: DemoPrice, profile: StoreProfile, index: number, regular: number, running: boolean, upcoming: boolean): void {
    const item = this.items[index];
    const h = (salt: number, k = 0) => hashUnit(this.seed ^ salt, profile.store.id, item.id, k);
    const chain = (salt: number, k = 0) => hashUnit(this.seed ^ salt, profile.chainIndex, item.id, k);
    if (upcoming) {
      const startDay = 1 + floor(h(SALT.upcoming, 1) * 5);
      demo.regularPrice = regular;
      demo.campaignStartsAt = new IsoDate(this.dayStarts[startDay]).toISOString();
      demo.campaignEndsAt = new IsoDate(this.dayStarts[startDay + 7] - 1).toISOString();
    } else if (running && chain(SALT.campaignEnd) < 0.6) {
      // Most chain campaigns say when they end: the end of a day 1–7 days ahead, the same in all the chain's stores.
      demo.regularPrice = regular;
      demo.campaignEndsAt = new IsoDate(this.dayStarts[1 + floor(chain(SALT.campaignEnd, 1) * 7)] - 1).toISOString();
    }
    const shelf = demo.regularPrice ?? demo.price;
    // K-Plussa by item alone, so every K store (of every K chain) that sells the item has one.
    const memberRate = profile.type === 'K' ? K_PLUSSA_RATE : profile.type === 'L' ? LIDL_PLUS_RATE : 0;
    const memberHash = hashUnit(this.seed ^ SALT.member, profile.type === 'K' ? 0 : 1, item.id);
    if (memberHash < memberRate) {
      const member = max(1, shelfPrice(demo.price * (0.8 + 0.15 * hashUnit(this.seed ^ SALT.member, 2, item.id))));
      if (member < demo.price && member <= shelf) demo.memberPrice = { card: profile.type === 'K' ? 'k-plussa' : 'lidl-plus', price: member };
    }
    if (item.priceUnit !== 'kg' && chain(SALT.multibuy) < MULTIBUY_RATE) {
      const quantity = chain(SALT.multibuy, 1) < 0.7 ? 2 : 3;
      const bundle = shelfPrice(quantity * demo.price * (0.8 + 0.12 * chain(SALT.multibuy, 2)));
      if (bundle < quantity * demo.price) demo.multibuy = { quantity, price: bundle };
    }
    if (item.priceUnit === 'kg') {
      const grams = PIECE_GRAMS.find(([pattern]) => pattern.test(item.name))?.[1];
      if (grams !== undefined) demo.averageWeightGrams = grams;
    }
  }

  /** The store's shelf price of the item without any campaign. */
  private regularPrice(storeIndex: number, index: number): number {
    const profile = this.profiles[storeIndex];
    const item = this.items[index];
    const h = (salt: number) => hashUnit(this.seed ^ salt, profile.store.id, item.id, 0);
    const price = item.basePrice * profile.factor * (0.99 + 0.02 * h(SALT.noise));
    return max(5, h(SALT.snap) < 0.7 ? shelfPrice(price) : round(price));
  }

  private comparisonPriceOf(index: number, price: number): number {
    return this.items[index].priceUnit === 'kg' ? price : round(price / this.meta[index].quantity);
  }

  /**
   * The price the store showed before the current campaign price, for CAMPAIGN_HISTORY_RATE of campaign prices
   * in S and K group stores, else null. Observed 8–20 days before the current price.
   */
  earlierPrice(storeIndex: number, itemIndex: number, current: DemoPrice | null = this.price(storeIndex, itemIndex)): DemoPrice | null {
    if (!current || !current.isCampaign || current.campaignStartsAt !== undefined || this.profiles[storeIndex].type === 'L') return null;
    const h = (k: number) => hashUnit(this.seed ^ SALT.history, current.storeId, current.itemId, k);
    if (h(0) >= CAMPAIGN_HISTORY_RATE) return null;
    const real = h(1) < 0.5;
    const price = real ? this.regularPrice(storeIndex, itemIndex) : current.price;
    const before = Date.parse(current.updatedAt) - 8 * DAY - floor(h(2) * 12 * DAY);
    return {
      ...withoutTerms(current),
      price,
      comparisonPrice: this.comparisonPriceOf(itemIndex, price),
      isCampaign: false,
      updatedAt: new IsoDate(floor(before / 1000) * 1000).toISOString(),
    };
  }

  /** Price of an item in a store, or null when the store does not sell it. */
  price(storeIndex: number, itemIndex: number): DemoPrice | null {
    return this.storeSells(storeIndex, itemIndex) ? this.priceAt(storeIndex, itemIndex) : null;
  }

  *iterate(): Generator<DemoPrice> {
    for (let s = 0; s < this.profiles.length; s++) {
      const profile = this.profiles[s];
      for (let i = 0; i < this.items.length; i++) if (this.carries(profile, i)) yield this.priceAt(s, i);
    }
  }

  /** As iterate, each pair's history (historyOf) first. */
  *iterateWithHistory(): Generator<DemoPrice> {
    for (let s = 0; s < this.profiles.length; s++) {
      const profile = this.profiles[s];
      for (let i = 0; i < this.items.length; i++) {
        if (!this.carries(profile, i)) continue;
        const current = this.priceAt(s, i);
        yield* this.historyOf(s, i, current);
        yield current;
      }
    }
  }
}
