import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerAppServiceWorker, unregisterOldServiceWorkers } from './app/service-workers';
import { installGlobalErrorReporting } from './features/errors/reportError';

unregisterOldServiceWorkers();
// Production builds only: the dev server has no service worker (vite-plugin-pwa writes it at build time).
if (import.meta.env.PROD) registerAppServiceWorker();
installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
