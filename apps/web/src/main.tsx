import { startEarlyRequests } from './app/early-requests';
import { watchFirstScreen } from './app/first-screen';
import { afterPagePainted, preloadAnnouncedChunks } from './app/page-painted';
import { readCartId } from './app/storage';
import { loadSelectedStores } from './kit/stores/stores.slice';

/*
 * The entry: small on purpose. The page the server sent (a new visitor's first screen, or the logo bar) is painted
 * first; only then do the app's code (app/boot.tsx with React), the page's chunks and its first API reads load, so
 * that nothing competes with that first paint on a phone's connection.
 */
// Taps on the server's first screen that only the app can carry out are kept for it (app/first-screen.ts).
watchFirstScreen();
afterPagePainted(() => {
  void import('./app/boot');
  // Each step in a task of its own, so that none blocks a slow phone's main thread for long (starting a request
  // per chunk, the first read of the browser's storage). The page's chunks, which the gateway announced in the page
  // (route-hints.ts), load together with the app's.
  window.setTimeout(preloadAnnouncedChunks);
  // The page's first API reads go out before React and the page's code have arrived; RTK Query takes their responses.
  window.setTimeout(() =>
    startEarlyRequests({
      pathname: window.location.pathname,
      search: window.location.search,
      storeIds: loadSelectedStores().map((store) => store.id),
      cartId: readCartId(),
    }),
  );
});
