// Browsing: categories → a category's items → an item with its prices → nearby stores → a store's offers,
// with think time, as a shopper clicks around. Arrival rate = browsing sessions per second.
import http from 'k6/http';
import { sleep } from 'k6';
import { BASE_URL, SMOKE, getJson, loadStoreIds, ok, randomInt, randomStores, sample } from './lib/common.js';

export const options = {
  setupTimeout: '120s',
  scenarios: {
    browsing: {
      executor: 'ramping-arrival-rate',
      startRate: 1,
      timeUnit: '1s',
      preAllocatedVUs: SMOKE ? 5 : 30,
      maxVUs: SMOKE ? 20 : 200,
      stages: SMOKE
        ? [{ target: 2, duration: '5s' }, { target: 2, duration: '12s' }]
        : [{ target: 5, duration: '15s' }, { target: 10, duration: '30s' }, { target: 20, duration: '45s' }],
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:categories}': [SMOKE ? 'p(95)<1000' : 'p(95)<100'],
    'http_req_duration{name:categoryItems}': [SMOKE ? 'p(95)<2000' : 'p(95)<400'],
    'http_req_duration{name:item}': [SMOKE ? 'p(95)<1500' : 'p(95)<200'],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  const categories = getJson('/api/categories', { tags: { name: 'setup' } });
  const byId = new Map(categories.map((c) => [c.id, c]));
  // Slug paths root → leaf, as the web app's URLs are built.
  const paths = categories.map((category) => {
    const slugs = [];
    for (let c = category; c; c = c.parentCategoryId ? byId.get(c.parentCategoryId) : undefined) slugs.unshift(c.slug);
    return slugs.slice(0, 3).join('/');
  });
  const storeIds = loadStoreIds();
  const store = getJson(`/api/stores/${storeIds[0]}`, { tags: { name: 'setup' } });
  return { paths, storeIds, center: { lat: store.lat, long: store.long } };
}

export default function (data) {
  const stores = randomStores(data.storeIds).join(',');
  ok(http.get(`${BASE_URL}/api/categories`, { tags: { name: 'categories' } }), 'categories');
  sleep(randomInt(300, 800) / 1000);
  const [path] = sample(data.paths, 1);
  const list = http.get(`${BASE_URL}/api/items/categories/${path}?storeIds=${stores}&limit=50`, { tags: { name: 'categoryItems' } });
  ok(list, 'category items');
  const items = list.status === 200 ? list.json() : [];
  sleep(randomInt(300, 800) / 1000);
  if (items.length > 0) {
    const [item] = sample(items, 1);
    ok(http.get(`${BASE_URL}/api/items/${item.id}?storeIds=${stores}`, { tags: { name: 'item' } }), 'item');
    sleep(randomInt(300, 800) / 1000);
  }
  const d = 0.05;
  const { lat, long } = data.center;
  const near = http.get(`${BASE_URL}/api/stores/location?minLat=${lat - d}&minLong=${long - d}&maxLat=${lat + d}&maxLong=${long + d}&lat=${lat}&long=${long}`, {
    tags: { name: 'storesNear' },
  });
  ok(near, 'stores near');
  const nearby = near.status === 200 ? near.json() : [];
  if (nearby.length > 0) ok(http.get(`${BASE_URL}/api/offers?storeId=${nearby[0].id}`, { tags: { name: 'offers' } }), 'offers');
}
