import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { CenteredSpinner } from '@hintakori/web-ui';
import { RouteCrashScreen } from '../features/errors/components/RouteCrashScreen';
import { AppShell } from '../features/layout/components/AppShell';
import { lazyNamed } from './lazy';

const HomePage = lazyNamed(() => import('../features/static-pages/components/HomePage'), 'HomePage');
const SearchPage = lazyNamed(() => import('../features/items/components/SearchPage'), 'SearchPage');
const CategoryPage = lazyNamed(() => import('../features/items/components/CategoryPage'), 'CategoryPage');
const ProductPage = lazyNamed(() => import('../features/items/components/ProductPage'), 'ProductPage');
const BasketComparisonPage = lazyNamed(
  () => import('../features/comparison/components/BasketComparisonPage'),
  'BasketComparisonPage',
);
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

const page = (node: ReactNode) => <Suspense fallback={<CenteredSpinner />}>{node}</Suspense>;

export const routes: RouteObject[] = [
  {
    path: '/app/*',
    element: page(<AdminSection />),
    errorElement: <RouteCrashScreen />,
  },
  // The printable shopping list (Lidl has no web shop) is a bare sheet without the site's navigation.
  { path: '/ostoslista/:cartId', element: page(<PrintableListPage />), errorElement: <RouteCrashScreen /> },
  {
    element: <AppShell />,
    errorElement: <RouteCrashScreen />,
    children: [
      { index: true, element: page(<HomePage />) },
      { path: 'haku', element: page(<SearchPage />) },
      { path: 'kategoria/:slug1/:slug2?/:slug3?', element: page(<CategoryPage />) },
      { path: 'ostoskorivertailu', element: page(<BasketComparisonPage />) },
      { path: 'hintakartta', element: page(<PriceMapPage />) },
      { path: 'kaupat', element: page(<StoreListPage />) },
      { path: 'kaupat/:storeSlug', element: page(<StoreDetailPage />) },
      { path: 'tarjoukset', element: page(<OffersListPage />) },
      { path: 'tarjoukset/:storeSlug', element: page(<StoreOffersPage />) },
      { path: 'tuotteet/:itemSlug', element: page(<ProductPage />) },
      { path: 'ostoskorit/:shoppingCartId', element: page(<SharedCartPage />) },
      { path: 'kauppalista', element: page(<ShoppingListPage />) },
      { path: 'reseptit', element: page(<RecipesPage />) },
      { path: 'blogi', element: page(<BlogListPage />) },
      { path: 'blogi/:slug', element: page(<BlogPostPage />) },
      { path: 'ota-yhteytta', element: page(<ContactPage />) },
      { path: 'tietoa', element: page(<AboutPage />) },
      { path: 'tietosuojalauseke', element: page(<PrivacyPage />) },
      { path: 'kayttoehdot', element: page(<TermsPage />) },
      { path: 'lisaosa', element: page(<ExtensionPage />) },
      { path: 'hintavahti/vahvista/:token', element: page(<ConfirmAlertPage />) },
      { path: 'hintavahti/:manageToken', element: page(<ManageAlertsPage />) },
      { path: 'admin/kategoriat', element: page(<NotFoundPage />) },
      { path: '*', element: page(<NotFoundPage />) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
