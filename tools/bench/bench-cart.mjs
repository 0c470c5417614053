// The ids the API benchmarks use (tools/bench/api.mjs, tools/bench/trace-breakdown.mjs): the first 10 stores of the
// data at hand and the items found for "maito" and "juusto" there, with the store-totals cart of 30 of them.
export async function benchIds(base) {
  const stores = await (await fetch(`${base}/api/stores/minimal?skip=0`)).json();
  const storeIds = stores.slice(0, 10).map((s) => s.id);
  const found = await (await fetch(`${base}/api/items?search=maito&storeIds=${storeIds}&limit=200`)).json();
  const more = await (await fetch(`${base}/api/items?search=juusto&storeIds=${storeIds}&limit=200`)).json();
  const itemIds = [...new Set([...found, ...more].map((i) => i.id))];
  if (itemIds.length < 30) throw new Error(`only ${itemIds.length} items found for the benchmark cart`);
  const cart = itemIds.slice(0, 30).map((itemId, i) => ({ itemId, quantity: 1 + (i % 3) }));
  return { storeIds, itemIds, cart };
}
