import { afterFirstPageIdle } from '../kit/layout/page-shown';
/** The site's own Workbox service worker (built by vite-plugin-pwa into the site root). */
export const APP_SERVICE_WORKER_PATH = '/sw.js';

type Registration = Pick<ServiceWorkerRegistration, 'unregister'> & {
  active?: Pick<ServiceWorker, 'scriptURL'> | null;
  waiting?: Pick<ServiceWorker, 'scriptURL'> | null;
  installing?: Pick<ServiceWorker, 'scriptURL'> | null;
};

/** True when a registration runs (or is about to run) this site's current worker script. */
export function isAppServiceWorker(registration: Registration, origin: string = window.location.origin): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) return false;
  try {
    const url = new URL(worker.scriptURL);
    return url.origin === origin && url.pathname === APP_SERVICE_WORKER_PATH;
  } catch {
    return false;
  }
}

/**
 * Earlier versions of the site registered other service workers; remove them so they cannot serve stale
 * files. The app's own worker (/sw.js) is kept: it is what makes the shopping list work offline.
 */
export function unregisterOldServiceWorkers(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistrations()
    .then((registrations) => Promise.all(registrations.filter((r) => !isAppServiceWorker(r)).map((r) => r.unregister())))
    .catch(() => undefined);
}

/** A waiting new version of the app, and how to switch to it ('Päivitä'). */
export interface AppUpdateState {
  needRefresh: boolean;
  apply: () => void;
}

let updateState: AppUpdateState = { needRefresh: false, apply: () => undefined };
const listeners = new Set<() => void>();

export function subscribeAppUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAppUpdate(): AppUpdateState {
  return updateState;
}

export function setAppUpdate(next: AppUpdateState): void {
  updateState = next;
  for (const listener of listeners) listener();
}

/**
 * Registers /sw.js once the first page has been shown, the page has loaded and the browser is idle (it then
 * precaches the shell without competing with the first screen). A new version installs in the background and
 * waits: it takes over on the next visit, or right away when the shopper presses 'Päivitä' in the prompt, never
 * half-way through a visit.
 */
export function registerAppServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    void import('virtual:pwa-register')
      .then(({ registerSW }) => {
        const updateSW = registerSW({
          immediate: true,
          onNeedRefresh: () => setAppUpdate({ needRefresh: true, apply: () => void updateSW(true) }),
          onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
        });
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  afterFirstPageIdle(() => {
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}
