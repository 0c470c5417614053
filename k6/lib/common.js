// Shared by the k6 scenarios: target, smoke mode, and the ids read from the API at setup.
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
/** SMOKE=1: a ~20 s run at low rates (CI); otherwise the full ramp. */
export const SMOKE = __ENV.SMOKE === '1' || __ENV.SMOKE === 'true';
export const JSON_HEADERS = { 'Content-Type': 'application/json' };

export const SEARCH_TERMS = ['maito', 'juusto', 'leipä', 'kahvi', 'jogurtti', 'banaani', 'omena', 'peruna', 'kana', 'jauheliha', 'mehu', 'pasta', 'riisi', 'suklaa', 'kevytmaito', 'ruisleipä', 'tomaatti', 'kurkku', 'voi', 'kerma', 'olut', 'vesi', 'sipuli', 'kinkku', 'makkara'];

export function getJson(path, params) {
  const response = http.get(`${BASE_URL}${path}`, params);
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}: ${String(response.body).slice(0, 200)}`);
  return response.json();
}

/** Every store id (paged minimal list) — the real ids of whatever data set the system holds. */
export function loadStoreIds(maxPages = 100) {
  const ids = [];
  for (let page = 0; page < maxPages; page += 1) {
    const batch = getJson(`/api/stores/minimal?skip=${page * 200}`, { tags: { name: 'setup' } });
    for (const store of batch) ids.push(store.id);
    if (batch.length < 200) break;
  }
  if (ids.length < 2) fail(`the system has ${ids.length} stores; load data first`);
  return ids;
}

/** Item ids found by searching the common terms in a few stores. */
export function loadItemIds(storeIds, wanted = 400) {
  const ids = new Set();
  const stores = storeIds.slice(0, 20).join(',');
  for (const term of SEARCH_TERMS) {
    const items = getJson(`/api/items?search=${encodeURIComponent(term)}&storeIds=${stores}&limit=100`, { tags: { name: 'setup' } });
    for (const item of items) ids.add(item.id);
    if (ids.size >= wanted) break;
  }
  if (ids.size < 60) fail(`found only ${ids.size} items by search; the comparisons need carts of up to 60 distinct items`);
  return [...ids];
}

export function randomInt(min, max) {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/**
 * `count` distinct elements of `array` in random order. Picks indexes (or, for a large share of the array, runs a
 * partial Fisher–Yates) instead of shuffling the whole array: k6's JavaScript is interpreted, and shuffling the
 * 2,200 store ids of the `finland` data on every iteration cost the load generator more CPU than the requests
 * cost the stack (it held ~60 requests/s on two cores while a Node client drove the same stack at 300/s).
 */
export function sample(array, count) {
  const n = Math.min(count, array.length);
  if (n * 4 < array.length) {
    const picked = new Set();
    const out = [];
    while (out.length < n) {
      const index = Math.floor(Math.random() * array.length);
      if (picked.has(index)) continue;
      picked.add(index);
      out.push(array[index]);
    }
    return out;
  }
  const copy = array.slice();
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    const kept = copy[i];
    copy[i] = copy[j];
    copy[j] = kept;
  }
  copy.length = n;
  return copy;
}

/** A realistic basket: 5–60 distinct items, mostly 1–2 of each, some multipacks. */
export function randomLines(itemIds) {
  return sample(itemIds, randomInt(5, 60)).map((itemId) => ({ itemId, quantity: Math.random() < 0.8 ? randomInt(1, 2) : randomInt(3, 6) }));
}

/** 2–20 stores to compare, as a user picks them (nearby ones would be similar; the ids are what matter here). */
export function randomStores(storeIds) {
  return sample(storeIds, randomInt(2, Math.min(20, storeIds.length)));
}

let reported = 0;
export function ok(response, name) {
  const passed = check(response, { [`${name}: 200`]: (r) => r.status === 200 });
  if (!passed && reported < 5) {
    reported += 1;
    console.warn(`${name}: ${response.status} ${String(response.body).slice(0, 300)}`);
  }
  return passed;
}

/**
 * Ramping-arrival-rate stages that hold each target rate long enough to measure it: ramp (tagged "ramp"), then hold.
 * `rateTag(stages)` tells which hold a moment belongs to, so p95 per rate can be read from the results.
 */
export function holdStages(rates, rampSeconds, holdSeconds) {
  const stages = [];
  for (const rate of rates) stages.push({ target: rate, duration: `${rampSeconds}s` }, { target: rate, duration: `${holdSeconds}s` });
  return stages;
}

export function rateTag(rates, rampSeconds, holdSeconds, elapsedMs) {
  let t = elapsedMs / 1000;
  for (const rate of rates) {
    if (t < rampSeconds) return 'ramp';
    t -= rampSeconds;
    if (t < holdSeconds) return String(rate);
    t -= holdSeconds;
  }
  return 'end';
}
