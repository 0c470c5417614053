import { isValidElement, Suspense, type ComponentType } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from 'react-router-dom';
import { CrashBoundary } from '../features/errors/components/CrashBoundary';
import { AppShell, PageLoading } from './AppShell';
import { lazyNamed, type PreloadableComponent } from './lazy';

const HomePage = lazyNamed(() => import('../features/static-pages/components/HomePage'), 'HomePage');
const SearchPage = lazyNamed(() => import('../features/items/components/SearchPage'), 'SearchPage');
const CategoryPage = lazyNamed(() => import('../features/items/components/CategoryPage'), 'CategoryPage');
const ProductPage = lazyNamed(() => import('../features/items/components/ProductPage'), 'ProductPage');
const BasketComparisonPage = lazyNamed(() => import('../features/comparison/components/BasketComparisonPage'), 'BasketComparisonPage');
const PriceLevelsPage = lazyNamed(() => import('../features/price-trends/components/PriceLevelsPage'), 'PriceLevelsPage');
const PriceChangesPage = lazyNamed(() => import('../features/price-trends/components/PriceChangesPage'), 'PriceChangesPage');
const PriceMapPage = lazyNamed(() => import('../features/price-map/components/PriceMapPage'), 'PriceMapPage');
const StoreListPage = lazyNamed(() => import('../features/stores/components/StoreListPage'), 'StoreListPage');
const StoreDetailPage = lazyNamed(() => import('../features/stores/components/StoreDetailPage'), 'StoreDetailPage');
const OffersListPage = lazyNamed(() => import('../features/offers/components/OffersListPage'), 'OffersListPage');
const StoreOffersPage = lazyNamed(() => import('../features/offers/components/StoreOffersPage'), 'StoreOffersPage');
const ShoppingListPage = lazyNamed(() => import('../features/shopping-list/components/ShoppingListPage'), 'ShoppingListPage');
const SharedCartPage = lazyNamed(() => import('../features/cart/components/SharedCartPage'), 'SharedCartPage');
const RecipesPage = lazyNamed(() => import('../features/static-pages/components/RecipesPage'), 'RecipesPage');
const ContactPage = lazyNamed(() => import('../features/static-pages/components/ContactPage'), 'ContactPage');
const AboutPage = lazyNamed(() => import('../features/static-pages/components/AboutPage'), 'AboutPage');
const DataSourcesPage = lazyNamed(() => import('../features/data-sources/components/DataSourcesPage'), 'DataSourcesPage');
const PrivacyPage = lazyNamed(() => import('../features/static-pages/components/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyNamed(() => import('../features/static-pages/components/TermsPage'), 'TermsPage');
const BlogListPage = lazyNamed(() => import('../features/blog/components/BlogListPage'), 'BlogListPage');
const BlogPostPage = lazyNamed(() => import('../features/blog/components/BlogPostPage'), 'BlogPostPage');
const ExtensionPage = lazyNamed(() => import('../features/extension/components/ExtensionPage'), 'ExtensionPage');
const PrintableListPage = lazyNamed(() => import('../features/extension/components/PrintableListPage'), 'PrintableListPage');
const ConfirmAlertPage = lazyNamed(() => import('../features/alerts/components/ConfirmAlertPage'), 'ConfirmAlertPage');
const ManageAlertsPage = lazyNamed(() => import('../features/alerts/components/ManageAlertsPage'), 'ManageAlertsPage');
const NotFoundPage = lazyNamed(() => import('../features/errors/components/NotFoundPage'), 'NotFoundPage');
// The admin app section is its own chunk: nothing of it is in the shoppers' first screen.
const AdminSection = lazyNamed(() => import('../features/admin/components/AdminSection'), 'AdminSection');

/** A route's page: its lazily loaded component, behind the spinner while its chunk loads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function RoutePage({ page: Page }: { page: PreloadableComponent<ComponentType<any>> }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const page = (Page: PreloadableComponent<ComponentType<any>>) => <RoutePage page={Page} />;

/** The routes, declared as elements, made once into the table that AppRoutes renders and preloadPageAt matches. */
const ROUTES = (
  <>
    <Route path="/app/*" element={page(AdminSection)} />
    {/* The printable shopping list (Lidl has no web shop) is a bare sheet without the site's navigation. */}
    <Route path="/ostoslista/:cartId" element={page(PrintableListPage)} />
    <Route element={<AppShell />}>
      <Route index element={page(HomePage)} />
      <Route path="haku" element={page(SearchPage)} />
      <Route path="kategoria/:slug1/:slug2?/:slug3?" element={page(CategoryPage)} />
      <Route path="ostoskorivertailu" element={page(BasketComparisonPage)} />
      <Route path="hintakartta" element={page(PriceMapPage)} />
      <Route path="hintataso" element={page(PriceLevelsPage)} />
      <Route path="hinnanmuutokset" element={page(PriceChangesPage)} />
      <Route path="kaupat" element={page(StoreListPage)} />
      <Route path="kaupat/:storeSlug" element={page(StoreDetailPage)} />
      <Route path="tarjoukset" element={page(OffersListPage)} />
      <Route path="tarjoukset/:storeSlug" element={page(StoreOffersPage)} />
      <Route path="tuotteet/:itemSlug" element={page(ProductPage)} />
      <Route path="ostoskorit/:shoppingCartId" element={page(SharedCartPage)} />
      <Route path="kauppalista" element={page(ShoppingListPage)} />
      <Route path="reseptit" element={page(RecipesPage)} />
      <Route path="blogi" element={page(BlogListPage)} />
      <Route path="blogi/:slug" element={page(BlogPostPage)} />
      <Route path="ota-yhteytta" element={page(ContactPage)} />
      <Route path="tietoa" element={page(AboutPage)} />
      <Route path="tietoa/lahteet" element={page(DataSourcesPage)} />
      <Route path="tietosuojalauseke" element={page(PrivacyPage)} />
      <Route path="kayttoehdot" element={page(TermsPage)} />
      <Route path="lisaosa" element={page(ExtensionPage)} />
      <Route path="hintavahti/vahvista/:token" element={page(ConfirmAlertPage)} />
      <Route path="hintavahti/:manageToken" element={page(ManageAlertsPage)} />
      <Route path="admin/kategoriat" element={page(NotFoundPage)} />
      <Route path="*" element={page(NotFoundPage)} />
    </Route>
  </>
);
const ROUTE_TABLE = createRoutesFromElements(ROUTES);

/**
 * Starts loading the page shown at `pathname` (its chunk, evaluated): the app's first render waits for it (app/boot.tsx),
 * so that the first page is built in one pass. Resolves at once for an address without a page of its own.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const element = matchRoutes(ROUTE_TABLE, pathname)?.at(-1)?.route.element;
  return isValidElement<{ page?: unknown }>(element) && element.type === RoutePage
    ? (element.props.page as PreloadableComponent<ComponentType<unknown>>).preload()
    : Promise.resolve();
}

/**
 * The site's routes, declared for the plain <BrowserRouter>: the data router (loaders, actions, fetchers) is
 * not used, and leaving it out keeps its code out of the first screen's JavaScript. A page that throws while
 * rendering shows the apology screen (CrashBoundary, reset by the address) until the shopper goes elsewhere.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const shown = useRoutes(ROUTE_TABLE);
  return <CrashBoundary resetKey={pathname}>{shown}</CrashBoundary>;
}
