import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { unregisterOldServiceWorkers } from './app/service-workers';
import { installGlobalErrorReporting } from './features/errors/reportError';

unregisterOldServiceWorkers();
installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
