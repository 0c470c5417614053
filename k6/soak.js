// The soak's steady mixed load (tools/ops/soak.mjs, `npm run soak`): four constant arrival rates held for
// SOAK_SECONDS (default 1800), modest enough for the whole distributed stack and k6 on two cores:
//   search   GET /api/items?search=<2+ letters of a common term> in 2–20 stores          SOAK_SEARCH_RATE, default 16/s
//   item     GET /api/items/<id>?storeIds=… (an item page with its prices)               SOAK_ITEM_RATE,   default 10/s
//   totals   POST /api/shoppingCartComparisons/storeTotals, 5–60 lines over 2–20 stores  SOAK_TOTALS_RATE, default 14/s
//   cart     a write to the VU's own cart: add an item (PUT) until it holds 25, then remove one (DELETE); one write
//            in 40 starts a new cart, as a new shopper does                             SOAK_CART_RATE,   default 8/s
// Each VU keeps its cookies (the cart owner's cookie) across iterations, so its cart stays its own and is not copied.
// Every answer is checked (200, or 201 for a write); soak_requests and soak_failures count them by kind, which
// tools/ops/soak.mjs reads each minute from k6's REST API (--address).
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import { BASE_URL, JSON_HEADERS, SEARCH_TERMS, loadItemIds, loadStoreIds, randomInt, randomLines, randomStores, sample } from './lib/common.js';

const SECONDS = Number(__ENV.SOAK_SECONDS || 1800);
const RATES = {
  search: Number(__ENV.SOAK_SEARCH_RATE || 16),
  item: Number(__ENV.SOAK_ITEM_RATE || 10),
  totals: Number(__ENV.SOAK_TOTALS_RATE || 14),
  cart: Number(__ENV.SOAK_CART_RATE || 8),
};
const CART_SIZE = 25;

const requests = new Counter('soak_requests');
const failures = new Counter('soak_failures');

const scenario = (kind, exec) => ({
  executor: 'constant-arrival-rate',
  exec,
  rate: RATES[kind],
  timeUnit: '1s',
  duration: `${SECONDS}s`,
  // A VU for each request of a second held ready: starting VUs during the run is slow and drops iterations.
  preAllocatedVUs: Math.max(4, RATES[kind]),
  maxVUs: Math.max(40, RATES[kind] * 6),
  tags: { kind },
});

export const options = {
  setupTimeout: '300s',
  noCookiesReset: true,
  scenarios: Object.fromEntries(
    Object.entries({ search: 'search', item: 'item', totals: 'storeTotals', cart: 'cartWrite' })
      .filter(([kind]) => RATES[kind] > 0)
      .map(([kind, exec]) => [kind, scenario(kind, exec)]),
  ),
  // Not a pass/fail of their own (tools/ops/soak.mjs judges the run); listed so the summary has each kind's figures.
  thresholds: {
    soak_failures: ['count==0'],
    'http_req_duration{kind:search}': ['p(95)<5000'],
    'http_req_duration{kind:item}': ['p(95)<5000'],
    'http_req_duration{kind:totals}': ['p(95)<5000'],
    'http_req_duration{kind:cart}': ['p(95)<5000'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  const storeIds = loadStoreIds();
  const itemIds = loadItemIds(storeIds);
  console.log(
    `setup: ${storeIds.length} stores, ${itemIds.length} items; ${Object.entries(RATES)
      .map(([k, r]) => `${k} ${r}/s`)
      .join(', ')} for ${SECONDS} s`,
  );
  return { storeIds, itemIds };
}

let reported = 0;
function count(response, kind, statuses = [200]) {
  const passed = check(response, { [`${kind}: ${statuses.join(' or ')}`]: (r) => statuses.includes(r.status) });
  requests.add(1, { kind });
  if (!passed) {
    failures.add(1, { kind });
    if (reported < 10) {
      reported += 1;
      console.warn(`${kind}: ${response.status} ${String(response.body).slice(0, 300)}`);
    }
  }
  return passed;
}

export function search(data) {
  const [term] = sample(SEARCH_TERMS, 1);
  const prefix = term.slice(0, randomInt(2, term.length));
  const stores = randomStores(data.storeIds).join(',');
  count(http.get(`${BASE_URL}/api/items?search=${encodeURIComponent(prefix)}&storeIds=${stores}&limit=20`, { tags: { name: 'search' } }), 'search');
}

export function item(data) {
  const [itemId] = sample(data.itemIds, 1);
  const stores = randomStores(data.storeIds).join(',');
  count(http.get(`${BASE_URL}/api/items/${itemId}?storeIds=${stores}`, { tags: { name: 'item' } }), 'item');
}

/** Each VU draws its first 20 bodies and then reuses them (k6's interpreted JavaScript is CPU the stack shares). */
const bodies = [];
export function storeTotals(data) {
  let body;
  if (bodies.length < 20) bodies.push((body = JSON.stringify({ storeIds: randomStores(data.storeIds), type: 'default', items: randomLines(data.itemIds) })));
  else body = bodies[Math.floor(Math.random() * bodies.length)];
  count(http.post(`${BASE_URL}/api/shoppingCartComparisons/storeTotals`, body, { headers: JSON_HEADERS, tags: { name: 'storeTotals' } }), 'totals');
}

/** This VU's cart: its id (NO_ID until the first write creates it) and the items in it. */
let cart = { id: 'NO_ID', items: [] };
export function cartWrite(data) {
  if (cart.items.length > 0 && Math.random() < 1 / 40) cart = { id: 'NO_ID', items: [] };
  let response;
  if (cart.items.length < CART_SIZE) {
    const [itemId] = sample(data.itemIds, 1);
    if (cart.items.includes(itemId)) {
      response = http.post(`${BASE_URL}/api/shoppingCarts/${cart.id}/items/${itemId}/increment`, null, { tags: { name: 'cartIncrement' } });
    } else {
      response = http.put(`${BASE_URL}/api/shoppingCarts/${cart.id}/items/${itemId}`, null, { tags: { name: 'cartAdd' } });
      if (response.status === 200 || response.status === 201) cart.items.push(itemId);
    }
  } else {
    const index = Math.floor(Math.random() * cart.items.length);
    response = http.del(`${BASE_URL}/api/shoppingCarts/${cart.id}/items/${cart.items[index]}`, null, { tags: { name: 'cartRemove' } });
    if (response.status === 200 || response.status === 201) cart.items.splice(index, 1);
  }
  if (count(response, 'cart', [200, 201])) cart.id = response.json().id || cart.id;
}
