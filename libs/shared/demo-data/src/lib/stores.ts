import { CHAIN_HOURS, CHAIN_IDS, CHAINS } from './chains';
import { addDays, hhmmToMinutes, isoWeekday, minutesToHhmm } from './dates';
import { holidaysBetween } from './holidays';
import { municipalityPlans } from './municipalities';
import { TOWN_PLANS, type District, type TownPlan } from './places';
import { Rng, hashString, hashUnit } from './prng';
import { uniqueSlug } from './slugify';
import type { ChainId, DemoOpeningException, DemoSize, DemoStore, StoreType, WeeklyHours } from './types';

const EXCEPTION_SALT = 0x5e11;

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

function weeklyHoursFor(chain: ChainId, rng: Rng): WeeklyHours[] {
  const plan = CHAIN_HOURS[chain];
  if (rng.chance(plan.allDay)) {
    return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: null, closes: null, isOpenAllDay: true }));
  }
  const [weekdays, saturday, sunday] = rng.pick(plan.variants);
  const toEntry = (weekday: number, span: string): WeeklyHours => {
    const [from, to] = span.split('-').map(Number);
    return { weekday, opens: minutesToHhmm(from * 60), closes: minutesToHhmm(to * 60), isOpenAllDay: false };
  };
  return [1, 2, 3, 4, 5, 6, 7].map((wd) => toEntry(wd, wd <= 5 ? weekdays : wd === 6 ? saturday : sunday));
}

/** Regular opening window of a weekday in minutes, or null when closed. */
function regularWindow(store: DemoStore, weekday: number): [number, number] | null {
  const entry = store.weeklyHours[weekday - 1];
  if (entry.isOpenAllDay) return [0, 24 * 60];
  if (!entry.opens || !entry.closes) return null;
  return [hhmmToMinutes(entry.opens), hhmmToMinutes(entry.closes)];
}

function isAllDayStore(store: DemoStore): boolean {
  return store.weeklyHours.every((h) => h.isOpenAllDay);
}

function closedOn(date: string, description: string): DemoOpeningException {
  return { date, opens: null, closes: null, isOpenAllDay: false, description };
}

function holidayExceptions(store: DemoStore, today: string): DemoOpeningException[] {
  const out: DemoOpeningException[] = [];
  const fuel = store.chain === 'abc' || store.chain === 'nokm';
  const allDay = isAllDayStore(store);
  for (const h of holidaysBetween(addDays(today, -1), addDays(today, 30))) {
    const regular = regularWindow(store, isoWeekday(h.date));
    if (!regular) continue;
    if (fuel && allDay && h.fuelKeepsHours) continue;
    if (h.window === null || (store.chain === 'herkku' && h.herkkuClosed)) {
      out.push(closedOn(h.date, h.name));
      continue;
    }
    const opens = Math.max(regular[0], h.window[0]);
    const closes = Math.min(regular[1], h.window[1]);
    if (closes - opens < 60) {
      out.push(closedOn(h.date, h.name));
    } else {
      out.push({ date: h.date, opens: minutesToHhmm(opens), closes: minutesToHhmm(closes), isOpenAllDay: false, description: h.name });
    }
  }
  return out;
}

/** First date from today+offset (up to today+6) that has no exception yet. */
function freeDate(taken: Set<string>, today: string, offset: number): string | null {
  for (let o = offset; o <= 6; o++) {
    const date = addDays(today, o);
    if (!taken.has(date)) return date;
  }
  return null;
}

/**
 * Opening exceptions: Finnish holidays within [today-1, today+30], plus store-specific ones in the
 * coming week so every demo run has something visible: ~10 % of stores have an exception on
 * today+2 (inventory, staff training, closed for renovation) and a few more are closed for a day.
 */
function addExceptions(stores: DemoStore[], today: string, seed: number): void {
  for (const store of stores) store.exceptions = holidayExceptions(store, today);

  const ranked = stores
    .filter((s) => !isAllDayStore(s))
    .map((s) => ({ s, r: hashUnit(seed, EXCEPTION_SALT, s.id) }))
    .sort((a, b) => a.r - b.r || a.s.id - b.s.id)
    .map((x) => x.s);
  const withWeekException = Math.ceil(stores.length * 0.1);
  const withClosedDay = Math.max(3, Math.round(stores.length * 0.02));

  ranked.forEach((store, rank) => {
    if (rank >= withWeekException + withClosedDay) return;
    const taken = new Set(store.exceptions.map((e) => e.date));
    const kindRoll = hashUnit(seed, EXCEPTION_SALT, store.id, 1);
    let exception: DemoOpeningException | null = null;
    if (rank < withWeekException) {
      const date = freeDate(taken, today, 2);
      const regular = date ? regularWindow(store, isoWeekday(date)) : null;
      if (!date) return;
      if (!regular || kindRoll >= 0.85) {
        exception = closedOn(date, 'Suljettu remontin vuoksi');
      } else if (kindRoll < 0.6) {
        const opens = Math.min(regular[0] + 180, regular[1] - 120);
        exception = { date, opens: minutesToHhmm(opens), closes: minutesToHhmm(regular[1]), isOpenAllDay: false, description: 'Inventaario' };
      } else {
        const closes = regular[1] > 18 * 60 ? 18 * 60 : regular[1] - 120;
        exception = { date, opens: minutesToHhmm(regular[0]), closes: minutesToHhmm(closes), isOpenAllDay: false, description: 'Henkilökunnan koulutus' };
      }
    } else {
      // The first of them is closed today, so every demo run shows a closed store ("Suljettu") whatever the hour.
      const offset = rank === withWeekException ? 0 : 1 + Math.floor(hashUnit(seed, EXCEPTION_SALT, store.id, 2) * 5);
      const date = freeDate(taken, today, offset);
      if (!date) return;
      const reasons = ['Suljettu vesivahingon vuoksi', 'Suljettu teknisen vian vuoksi', 'Suljettu remontin vuoksi'];
      exception = closedOn(date, reasons[Math.floor(kindRoll * reasons.length)]);
    }
    store.exceptions.push(exception);
    store.exceptions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  });
}

function externalIdFor(chain: ChainId, rng: Rng, used: Set<string>): string {
  for (;;) {
    const type = CHAINS[chain].type;
    const id = type === 'S' ? `${rng.int(5100000, 7999999)}00` : type === 'K' ? `N${rng.int(100, 9999)}` : `FI${String(rng.int(1, 2999)).padStart(4, '0')}`;
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

interface StoreContext {
  rng: Rng;
  names: Set<string>;
  slugs: Set<string>;
  externalIds: Set<string>;
  stores: DemoStore[];
}

function pickDistrict(plan: TownPlan, chain: ChainId, usage: Map<string, number>, prefUsed: Map<ChainId, number>, rng: Rng): District {
  const pref = plan.pref?.[chain] ?? [];
  const next = prefUsed.get(chain) ?? 0;
  if (next < pref.length) {
    prefUsed.set(chain, next + 1);
    const preferred = plan.districts.find((dist) => dist.name === pref[next]);
    if (preferred) return preferred;
  }
  // Spread evenly: a random district among the least used ones.
  const min = Math.min(...plan.districts.map((dist) => usage.get(dist.name) ?? 0));
  return rng.pick(plan.districts.filter((dist) => (usage.get(dist.name) ?? 0) === min));
}

function nameFor(chain: ChainId, plan: TownPlan, district: District, ctx: StoreContext): { name: string; street: string | null } {
  const display = CHAINS[chain].displayName;
  if (chain === 'herkku') {
    const name = `Herkku ${plan.city}`;
    if (!ctx.names.has(name)) return { name, street: null };
  }
  const spots = district.spots.map((spot) => ({ name: `${display} ${spot}`, street: null as string | null }));
  const streets = district.streets.map((street) => ({ name: `${display} ${street}`, street }));
  const free = [...spots, ...streets].filter((c) => !ctx.names.has(c.name));
  if (free.length === 0) return { name: `${display} ${district.name} ${ctx.stores.length + 1}`, street: null };
  const freeSpots = free.filter((c) => c.street === null);
  // Small neighbourhood stores are often named after a square or street ('Alepa Töölöntori',
  // 'K-Market Fleminginkatu'); big units after the area ('Prisma Kamppi').
  const neighbourhood = chain === 'alepa' || chain === 'kmarket' || chain === 's-market' || chain === 'ksupermarket';
  if (freeSpots.length > 0 && (!neighbourhood || ctx.rng.chance(0.7))) return freeSpots[0];
  return ctx.rng.pick(free.slice(0, Math.max(2, freeSpots.length + 2)));
}

function generateTown(plan: TownPlan, scale: (count: number) => number, ctx: StoreContext): void {
  const { rng } = ctx;
  const slots: ChainId[] = [];
  for (const chain of CHAIN_IDS) {
    const count = plan.chains[chain] ?? 0;
    for (let i = 0; i < scale(count); i++) slots.push(chain);
  }
  const usage = new Map<string, number>();
  const prefUsed = new Map<ChainId, number>();
  // Preferred placements first (big stores), then the rest in shuffled order.
  const ordered = [...slots.filter((c) => plan.pref?.[c]), ...slots.filter((c) => !plan.pref?.[c])];
  const placed = ordered.map((chain) => {
    const district = pickDistrict(plan, chain, usage, prefUsed, rng);
    usage.set(district.name, (usage.get(district.name) ?? 0) + 1);
    return { chain, district };
  });
  for (const { chain, district } of rng.shuffle(placed)) {
    const { name, street } = nameFor(chain, plan, district, ctx);
    ctx.names.add(name);
    let lat = district.lat + rng.range(-plan.jitter[0], plan.jitter[0]);
    let long = district.long + rng.range(-plan.jitter[1], plan.jitter[1]);
    if (plan.bounds) {
      lat = clamp(lat, plan.bounds.minLat, plan.bounds.maxLat);
      long = clamp(long, plan.bounds.minLong, plan.bounds.maxLong);
    }
    const houseNumber = rng.chance(0.7) ? rng.int(1, 40) : rng.int(41, 120);
    ctx.stores.push({
      id: ctx.stores.length + 1,
      name,
      urlSlug: uniqueSlug(name, ctx.slugs, plan.city),
      chain,
      type: CHAINS[chain].type,
      externalId: externalIdFor(chain, rng, ctx.externalIds),
      address: `${street ?? rng.pick(district.streets)} ${houseNumber}`,
      postalCode: rng.pick(district.postal),
      city: plan.city,
      lat: round6(lat),
      long: round6(long),
      weeklyHours: weeklyHoursFor(chain, rng),
      exceptions: [],
    });
  }
}

/** Stores per retail group in the national ('finland') size. */
export const FINLAND_STORES: Record<StoreType, number> = { S: 1000, K: 1000, L: 200 };

/**
 * The stores: the hand-drawn town plans ('small' a quarter of them); 'finland' doubles the towns' stores
 * and adds the municipalities of municipalities.ts up to FINLAND_STORES per group.
 */
export function generateStores(seed: number, today: string, size: DemoSize): DemoStore[] {
  const ctx: StoreContext = {
    rng: new Rng(hashString(`stores:${seed}`)),
    names: new Set(),
    slugs: new Set(),
    externalIds: new Set(),
    stores: [],
  };
  const scale = size === 'small' ? (count: number) => Math.ceil(count / 4) : size === 'finland' ? (count: number) => 2 * count : (count: number) => count;
  for (const plan of TOWN_PLANS) generateTown(plan, scale, ctx);
  if (size === 'finland') {
    const have = (type: StoreType) => ctx.stores.filter((store) => store.type === type).length;
    const extra = { S: FINLAND_STORES.S - have('S'), K: FINLAND_STORES.K - have('K'), L: FINLAND_STORES.L - have('L') };
    for (const plan of municipalityPlans(extra)) generateTown(plan, (count) => count, ctx);
  }
  addExceptions(ctx.stores, today, seed);
  return ctx.stores;
}
