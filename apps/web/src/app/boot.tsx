import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installGlobalErrorReporting } from '../features/errors/reportError';
import { afterFirstPage } from '../features/layout/page-shown';
import { App } from './App';
import { FIRST_SCREEN_FALLBACK_MS, revealApp } from './first-screen';
import { registerAppServiceWorker, unregisterOldServiceWorkers } from './service-workers';

/*
 * The app itself: loaded by the entry (main.tsx) once the browser has painted the page it was sent.
 */

// The server's first screen (app/first-screen.ts) stays until React's first page is there, then the app shows.
afterFirstPage(() => revealApp(), FIRST_SCREEN_FALLBACK_MS);

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
