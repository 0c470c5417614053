import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startEarlyRequests } from './app/early-requests';
import { registerAppServiceWorker, unregisterOldServiceWorkers } from './app/service-workers';
import { readCartId } from './app/storage';
import { installGlobalErrorReporting } from './features/errors/reportError';
import { loadSelectedStores } from './features/stores/stores.slice';

// The page's first API reads go out now, before React and the page's code; RTK Query takes their responses.
startEarlyRequests({
  pathname: window.location.pathname,
  search: window.location.search,
  storeIds: loadSelectedStores().map((store) => store.id),
  cartId: readCartId(),
});

unregisterOldServiceWorkers();
// Production builds only: the dev server has no service worker (vite-plugin-pwa writes it at build time).
if (import.meta.env.PROD) registerAppServiceWorker();
installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
// paint and handle input in between, instead of one long task on a slow phone (the boot shell stays meanwhile).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
