import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The server build of the first screen (src/server/first-screen.tsx): one CommonJS file with React, the router,
 * styled-components and the app's pages in it, which the gateway loads to put a new visitor's first screen into
 * the page it sends (libs/gateway/api/src/http/first-screen.ts). Kept out of the served web root.
 */
export default defineConfig({
  root: here('.'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      { find: '@hintakori/web-ui', replacement: here('../../libs/web/ui/src/index.ts') },
      { find: '@hintakori/web-util', replacement: here('../../libs/web/util/src/index.ts') },
      { find: 'virtual:pwa-register', replacement: here('src/server/pwa-register.ts') },
      { find: /^react-router$/, replacement: here('../../node_modules/react-router/dist/production/index.mjs') },
    ],
  },
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
