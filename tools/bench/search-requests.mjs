// The item searches of the API benchmark (tools/bench/api.mjs) and of its SQL floor (sql-floor.mjs): every request
// is a different question, so the gateway's response cache (keyed by text, sorted stores, limit and offset) can
// answer none of them and the benchmark measures the search itself. Each request is one of the 20 terms with its
// own set of 1–10 stores drawn from a pool of stores; no (term, store set) pair repeats within a run.

/** Common grocery searches: short words with many candidates ('kana', 'voi') and compounds ('kevytmaito'). */
export const SEARCH_TERMS = ['maito', 'juusto', 'leipä', 'kahvi', 'jogurtti', 'banaani', 'omena', 'peruna', 'kana', 'jauheliha', 'mehu', 'pasta', 'riisi', 'suklaa', 'kevytmaito', 'ruisleipä', 'tomaatti', 'kurkku', 'voi', 'kerma'];

/** How many stores the store sets are drawn from (the first of the stores list). */
export const SEARCH_STORE_POOL = 40;

/** A small deterministic generator (mulberry32), so every run asks the same questions. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The gateway's cache key of a search, as far as the benchmark varies it: the term and the sorted store set. */
export function searchKey({ search, storeIds }) {
  return `${search}:${[...storeIds].sort((a, b) => a - b).join(',')}`;
}

/**
 * `count` distinct searches over `pool` (store ids): request i searches SEARCH_TERMS[i % 20] in 1 + (⌊i / 20⌋ mod 10)
 * stores drawn at random from the pool, in the drawn order. Distinct means distinct for the gateway's cache key, also
 * from every key in `exclude` (another list's searches, see searchKey). The first n of a longer list are the n of a
 * shorter one (same pool, seed and exclusions), so asking for more searches leaves the earlier ones as they were.
 */
export function searchRequests(pool, count, { seed = 20261125, exclude = new Set() } = {}) {
  if (pool.length < 10) throw new Error(`the search benchmark needs at least 10 stores, got ${pool.length}`);
  const next = random(seed);
  const seen = new Set(exclude);
  const requests = [];
  for (let i = 0; requests.length < count; i++) {
    const search = SEARCH_TERMS[requests.length % SEARCH_TERMS.length];
    const size = 1 + (Math.floor(requests.length / SEARCH_TERMS.length) % 10);
    const chosen = new Set();
    while (chosen.size < size) chosen.add(pool[Math.floor(next() * pool.length)]);
    const storeIds = [...chosen];
    const key = searchKey({ search, storeIds });
    if (i > count * 100) throw new Error(`could not draw ${count} distinct searches from ${pool.length} stores: enlarge the store pool`);
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push({ search, storeIds });
  }
  return requests;
}
