import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorReporting } from '../features/errors/reportError';
import { afterFirstPage } from '../kit/layout/page-shown';
import { App } from './App';
import { FIRST_SCREEN_FALLBACK_MS, revealApp } from './first-screen';
import { preloadPageAt } from './routes';
import { registerAppServiceWorker, unregisterOldServiceWorkers } from './service-workers';

/*
 * The app itself: loaded by the entry (main.tsx) once the browser has painted the page it was sent.
 */

/** How long the first render waits at most for the page's chunk. */
const PAGE_CODE_WAIT_MS = 2000;

// The server's first screen (app/first-screen.ts) stays until React's first page is there, then the app shows.
afterFirstPage(() => revealApp(), FIRST_SCREEN_FALLBACK_MS);

unregisterOldServiceWorkers();
// Production builds only: the dev server has no service worker (vite-plugin-pwa writes it at build time).
if (import.meta.env.PROD) registerAppServiceWorker();
installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const root = createRoot(container);
const render = () =>
  // The first render as a transition: React renders it in slices of a few milliseconds and lets the browser
  // paint and handle input in between, instead of one long task on a slow phone (the boot shell stays meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
// The page's own code (its chunk, fetched since the entry's preloads, evaluated) comes before the first render, so
// that React builds the page in one pass: otherwise it commits the shell with a spinner, builds the page again when
// its chunk arrives, and holds that second commit back up to 300 ms after the spinner showed (React's throttle of
// revealed Suspense content). A chunk that fails or is slow does not hold the app back: the page then suspends as
// before, behind its spinner, and the page's own loading reports the failure.
void Promise.race([preloadPageAt(window.location.pathname).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PAGE_CODE_WAIT_MS))]).then(
  render,
);
