import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Where /api goes during `vite` and `vite preview` (the gateway by default). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  // Vite 8 transforms TS/TSX with Oxc; the automatic runtime avoids importing React in every file.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: {
      '@hintakori/web-ui': here('../../libs/web/ui/src/index.ts'),
      '@hintakori/web-util': here('../../libs/web/util/src/index.ts'),
    },
  },
  build: {
    outDir: here('../../dist/apps/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // Higher priority first, so React is never pulled into the lazily loaded Leaflet chunk.
            { name: 'react', priority: 4, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            { name: 'redux', priority: 3, test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/ },
            { name: 'styled', priority: 2, test: /node_modules[\\/](styled-components|@emotion|stylis|tslib|shallowequal|css-to-react-native|postcss-value-parser|camelize|css-color-keywords)[\\/]/ },
            // Leaflet and its plugins are only reached from the lazily loaded map modules.
            { name: 'leaflet', priority: 1, test: /node_modules[\\/](leaflet|leaflet\.markercluster|react-leaflet|@react-leaflet)[\\/]/ },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
    reportCompressedSize: true,
  },
  server: {
    port: 4200,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4300,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
