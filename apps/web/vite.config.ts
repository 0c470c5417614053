import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Where /api goes during `vite` and `vite preview` (the gateway by default). */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Writes .br and .gz beside every text asset of the build, which the gateway serves to clients that accept them. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hintakori-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  root: here('.'),
  // Content-Security-Policy nonce: the build writes this placeholder into index.html (a <meta property="csp-nonce">,
  // read by styled-components for the <style> elements it injects, and the nonce of the built tags); the gateway and
  // the web image's nginx replace it with a fresh nonce per response (libs/gateway/api/src/http/security-headers.ts).
  html: { cspNonce: 'HINTAKORI_CSP_NONCE' },
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
