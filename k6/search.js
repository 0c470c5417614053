// Search-as-you-type: a user types a product name; the web app queries /api/items from the second character on,
// one request per keystroke (~180 ms apart), in the stores they chose. Arrival rate = typing sessions per second.
import http from 'k6/http';
import { sleep } from 'k6';
import { BASE_URL, SEARCH_TERMS, SMOKE, loadStoreIds, ok, randomInt, randomStores, sample } from './lib/common.js';

export const options = {
  setupTimeout: '120s',
  scenarios: {
    typing: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: SMOKE ? 5 : 30,
      maxVUs: SMOKE ? 20 : 200,
      stages: SMOKE
        ? [{ target: 3, duration: '5s' }, { target: 3, duration: '12s' }]
        : [{ target: 5, duration: '15s' }, { target: 10, duration: '30s' }, { target: 20, duration: '30s' }, { target: 20, duration: '30s' }],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:search}': [SMOKE ? 'p(95)<1500' : 'p(95)<250'],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  return { storeIds: loadStoreIds() };
}

export default function (data) {
  const [term] = sample(SEARCH_TERMS, 1);
  const stores = randomStores(data.storeIds).join(',');
  for (let length = 2; length <= term.length; length += 1) {
    const prefix = term.slice(0, length);
    const response = http.get(`${BASE_URL}/api/items?search=${encodeURIComponent(prefix)}&storeIds=${stores}&limit=20`, { tags: { name: 'search' } });
    ok(response, 'search');
    sleep(randomInt(120, 250) / 1000);
  }
}
