import { defineConfig } from 'vite';
import { here, oxcJsx, webAliases } from './vite.shared';

/**
 * The server build of the first screen (src/server/first-screen.tsx): one CommonJS file with React, the router,
 * styled-components and the app's pages in it, which the gateway loads to put a new visitor's first screen into
 * the page it sends (libs/gateway/api/src/http/first-screen.ts). Kept out of the served web root.
 */
export default defineConfig({
  root: here('.'),
  oxc: oxcJsx,
  // The service worker's registration module exists only in the browser build (vite-plugin-pwa).
  resolve: { alias: [...webAliases, { find: 'virtual:pwa-register', replacement: here('src/server/pwa-register.ts') }] },
  publicDir: false,
  define: { 'process.env.NODE_ENV': '"production"' },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: here('src/server/first-screen.tsx'),
    outDir: here('../../dist/apps/web-ssr'),
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { output: { format: 'cjs', entryFileNames: 'first-screen.cjs', codeSplitting: false } },
  },
});
