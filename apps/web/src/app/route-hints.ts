/**
 * The shoppers' pages whose code the server announces in the page it sends (`<link rel="modulepreload">`), so that
 * a phone fetches it together with the first screen's scripts instead of one round trip later. The build
 * (vite.config.ts, routeHints) turns this table into dist/apps/web/route-hints.json with the chunks of each page,
 * and the gateway adds them to index.html for an address that matches (libs/gateway/api/src/http/route-hints.ts).
 * A module here must be the one that routes.tsx loads lazily for that address (route-hints.spec.ts checks it).
 */
export const ROUTE_PAGE_MODULES: ReadonlyArray<{ pattern: string; module: string }> = [
  { pattern: '^/$', module: 'features/static-pages/components/HomePage.tsx' },
  { pattern: '^/haku/?$', module: 'features/items/components/SearchPage.tsx' },
  { pattern: '^/kategoria/[^/]+(/[^/]+){0,2}/?$', module: 'features/items/components/CategoryPage.tsx' },
  { pattern: '^/tuotteet/[^/]+/?$', module: 'features/items/components/ProductPage.tsx' },
  { pattern: '^/kaupat/?$', module: 'features/stores/components/StoreListPage.tsx' },
  { pattern: '^/kaupat/[^/]+/?$', module: 'features/stores/components/StoreDetailPage.tsx' },
  { pattern: '^/ostoskorivertailu/?$', module: 'features/comparison/components/BasketComparisonPage.tsx' },
  { pattern: '^/tarjoukset/?$', module: 'features/offers/components/OffersListPage.tsx' },
  { pattern: '^/kauppalista/?$', module: 'features/shopping-list/components/ShoppingListPage.tsx' },
];

/** The module every page of the app shell loads at startup (categories, the saved cart). */
export const STARTUP_MODULE = 'app/startup.ts';
