/**
 * The GraphQL documents the S-kaupat source sends to `api.s-kaupat.fi` as full query text in a POST body
 * `{operationName, variables, query}` (the API accepts its callers' own query text; the site's persisted-query hashes
 * change with every deploy of the site and are never used). Field and argument names are those of the API as
 * recorded in Vkuparin/s-kaupat-mcp `docs/s-kaupat-api.md` and `docs/samples/*.json` (October 2026).
 */

/** One page (24 stores) of a brand's stores; `cursor` null for the first page, then the answer's `cursor` until null. */
export const STORE_SEARCH_QUERY =
  'query RemoteStoreSearch($query: String, $brand: StoreBrand, $cursor: String) { ' +
  'searchStores(query: $query, brand: $brand, cursor: $cursor) { totalCount cursor ' +
  'stores { id name brand slug domains location { address { street { default } postcode postcodeName { default } } coordinates { lat lon } } } } }';

const HOURS_FIELDS = 'id weeklyOpeningHours { weekNumber openingTimes { date day mode ranges { open close } } }';

/** The opening hours of several stores in one request: `s0: store(id: $s0) { … }`, `s1: …` (GraphQL aliases). */
export function storeHoursQuery(count: number): string {
  const ids = Array.from({ length: count }, (_, i) => `s${i}`);
  return `query RemoteStoreOpeningHours(${ids.map((s) => `$${s}: ID!`).join(', ')}) { ${ids.map((s) => `${s}: store(id: $${s}) { ${HOURS_FIELDS} }`).join(' ')} }`;
}

/** What the source reads of a product in a store: identity, shop's category path, picture and the store's pricing. */
const PRODUCT_FIELDS =
  'id ean name slug brandName price priceUnit approxPrice comparisonPrice comparisonUnit depositPrice ' +
  'hierarchyPath { id name slug } ' +
  'pricing { currentPrice regularPrice campaignPrice campaignPriceValidUntil lowest30DayPrice comparisonPrice comparisonUnit depositPrice isApproximatePrice salesUnit } ' +
  'productDetails { productImages { mainImage { urlTemplate } } }';

/** Products of one store by EAN (`products(eans:)`, `limit` as many as asked: the list's default page is shorter). */
export const PRODUCTS_BY_EANS_QUERY =
  'query RemoteProductsByEans($storeId: ID!, $eans: [String!], $limit: Int) { store(id: $storeId) { id ' +
  `products(eans: $eans, limit: $limit) { total productListItems { product { ${PRODUCT_FIELDS} } } } } }`;

/** A store's top-level categories (`navigation`; each `slug` is the category's full path and feeds `products(slug:)`). */
export const NAVIGATION_QUERY = 'query RemoteNavigation($id: ID!) { store(id: $id) { id navigation { id name slug } } }';

/** One page of a store's category (`from`/`limit` offset paging; `total` the category's product count). */
export const CATEGORY_PRODUCTS_QUERY =
  'query RemoteFilteredProducts($storeId: ID!, $slug: String, $from: Int, $limit: Int) { store(id: $storeId) { id ' +
  `products(slug: $slug, from: $from, limit: $limit) { total from limit productListItems { product { ${PRODUCT_FIELDS} } } } } }`;
