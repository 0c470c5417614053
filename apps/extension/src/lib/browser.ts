/**
 * The WebExtension API with promises in both browsers: Firefox's `browser` namespace, or Chromium's
 * `chrome` (whose Manifest V3 calls return promises too).
 */
export const ext: typeof chrome = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
