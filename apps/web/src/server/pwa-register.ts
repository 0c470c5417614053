/** The server build has no service worker: stands in for vite-plugin-pwa's virtual module (never called there). */
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return async () => undefined;
}
