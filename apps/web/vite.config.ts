import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { visualizer } from 'rollup-plugin-visualizer';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ROUTE_PAGE_MODULES, STARTUP_MODULE } from './src/app/route-hints';
import { here, oxcJsx, webAliases } from './vite.shared';

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
    // After the service worker and manifest are written (vite-plugin-pwa also works in closeBundle).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const full = path.join(dir, name);
            return statSync(full).isDirectory() ? walk(full) : [full];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/**
 * Installable app and offline shell: the manifest, and a Workbox service worker (public/sw.js at the site
 * root) that precaches the shell and the shoppers' route chunks. A new version waits until the next visit
 * or until the shopper presses 'Päivitä' (registerType 'prompt'); see src/app/service-workers.ts.
 */
const pwa = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Hintakori – ruoan hintavertailu',
      short_name: 'Hintakori',
      description: 'Vertaile ruoan hintoja S-ryhmän, K-ryhmän ja Lidlin kaupoissa ja vie kauppalista mukaan kauppaan.',
      lang: 'fi',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#17663f',
      background_color: '#ffffff',
      categories: ['shopping', 'food'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [{ name: 'Kauppalista', short_name: 'Kauppalista', url: '/kauppalista', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] }],
    },
    workbox: {
      // The shell and the shoppers' pages; the map (Leaflet) and the admin section load on demand only.
      globPatterns: ['index.html', 'static/js/*.js', 'static/media/*.css', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['**/leaflet-*', '**/Admin*', '**/PriceMap*', '**/StoreMap*', '**/*.map'],
      navigateFallback: '/index.html',
      // The API and the extension downloads (/lisaosa/*.zip, files the gateway serves) are never the app shell.
      navigateFallbackDenylist: [/^\/api\//, /^\/lisaosa\/.+\.zip$/],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      runtimeCaching: [
        {
          // Catalogue reads (not the cart, admin or health calls). Workbox copies this function's source into
          // sw.js, so it must not use anything from this file's scope.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin && request.method === 'GET' && /^\/api\/(categories|items|stores|offers)(\/|$)/.test(url.pathname),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'hintakori-api-reads',
            expiration: { maxEntries: 150, maxAgeSeconds: 7 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Chunks not in the precache (map, admin) once fetched; their names carry a content hash.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/static/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'hintakori-static',
            expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'hintakori-images',
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });

const LIBRARY_INDEX = /libs[\\/](?:web[\\/]\w+|shared[\\/]util)[\\/]src[\\/]index\.ts$/;
const LIBRARY_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@hintakori\/(?:web-ui|web-util|shared-util)["']/g;
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[]; exports: readonly string[]; code: string | null } | null };
let firstScreen: Set<string> | undefined;
/** The part of it that the entry itself imports (the rest is the app, loaded after the first paint). */
let entryModules = new Set<string>();

/**
 * The modules that the entry (main.tsx) and the app it loads after the first paint (app/boot.tsx) import statically,
 * directly or not: they stay in the first screen's chunks.
 * The UI kit's and the util libraries' index files (web-ui, web-util, shared-util) re-export everything, so through
 * them only the modules that export a name the first screen's modules import count. Should this miss a module, the first screen would preload the shared
 * chunk: a check at the end of the build (firstScreenGuard) fails the build then.
 */
function firstScreenModules(graph: ModuleGraph): Set<string> {
  if (firstScreen) return firstScreen;
  entryModules = staticClosure(graph, [here('src/main.tsx')]);
  firstScreen = staticClosure(graph, [here('src/main.tsx'), here('src/app/boot.tsx')]);
  return firstScreen;
}

/** The modules the given ones import statically, through the libraries' index files only what is used of them. */
function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const found = new Set<string>();
  const usedNames = new Set<string>();
  const barrels = new Set<string>();
  const visit = (start: string) => {
    const queue = [start];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (found.has(id)) continue;
      found.add(id);
      if (LIBRARY_INDEX.test(id)) {
        barrels.add(id);
        continue;
      }
      const info = graph.getModuleInfo(id);
      for (const [, names] of (info?.code ?? '').matchAll(LIBRARY_IMPORT)) {
        for (const name of names.split(',')) usedNames.add(name.trim().split(/\s+as\s+/)[0]);
      }
      for (const dep of info?.importedIds ?? []) if (!found.has(dep)) queue.push(dep);
    }
  };
  for (const start of starts) visit(start);
  for (let before = -1; before !== found.size; ) {
    before = found.size;
    for (const barrel of barrels) {
      for (const dep of graph.getModuleInfo(barrel)?.importedIds ?? []) {
        if (!found.has(dep) && (graph.getModuleInfo(dep)?.exports ?? []).some((name) => usedNames.has(name))) visit(dep);
      }
    }
  }
  return found;
}

/** Fails the build when index.html would preload the shoppers' shared chunk: it belongs to the lazily loaded pages. */
function firstScreenGuard(): Plugin {
  return {
    name: 'hintakori-first-screen-guard',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (/static\/js\/shop-[\w-]+\.js/.test(html)) throw new Error('index.html loads the shared "shop" chunk: a first-screen module was put into it (see firstScreenModules in vite.config.ts)');
        return html;
      },
    },
  };
}

/**
 * dist/apps/web/route-hints.json: for each address pattern of src/app/route-hints.ts, the chunks its page needs
 * beyond the first screen's (the page, what it imports, and the startup module). The gateway puts them into the
 * page it sends as `<link rel="modulepreload">`, so they load in parallel with the first screen's scripts.
 */
function routeHints(): Plugin {
  return {
    name: 'hintakori-route-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      // The first screen's code: the entry, and the app it imports once the page has been painted (app/boot.tsx).
      const firstScreen = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, firstScreen);
      const boot = chunks.find((chunk) => chunk.moduleIds.includes(here('src/app/boot.tsx')));
      if (!boot) throw new Error('route-hints: no chunk for app/boot.tsx');
      withImports(boot.fileName, firstScreen);
      if ([...firstScreen].some((file) => /(^|\/)shop-[\w-]+\.js$/.test(file))) {
        throw new Error('the first screen loads the shared "shop" chunk: a first-screen module was put into it (see firstScreenModules in vite.config.ts)');
      }
      // The chunk of the module: its own, or the shared one it went into.
      const chunkOf = (module: string) => {
        const id = here(`src/${module}`);
        return chunks.find((chunk) => chunk.facadeModuleId === id) ?? chunks.find((chunk) => chunk.moduleIds.includes(id));
      };
      const startup = chunkOf(STARTUP_MODULE);
      const routes = ROUTE_PAGE_MODULES.map(({ pattern, module }) => {
        const page = chunkOf(module);
        if (!page) throw new Error(`route-hints: no chunk for ${module}`);
        const files = withImports(page.fileName);
        if (startup) withImports(startup.fileName, files);
        return { pattern, modulepreload: [...files].filter((file) => !firstScreen.has(file)).map((file) => `/${file}`) };
      });
      // firstScreen: what npm run web:size counts as the first screen's code.
      this.emitFile({ type: 'asset', fileName: 'route-hints.json', source: `${JSON.stringify({ routes, firstScreen: [...firstScreen] }, null, 1)}\n` });
    },
  };
}

/**
 * After the browser build, the server part of the web app (vite.ssr.config.ts → dist/apps/web-ssr/first-screen.cjs),
 * with which the gateway renders a new visitor's first screen into the page: so every `vite build` of the web app
 * (npm scripts, npm start, the Docker image) writes both.
 */
function firstScreenServerBuild(): Plugin {
  return {
    name: 'hintakori-first-screen-server',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({ configFile: here('vite.ssr.config.ts'), logLevel: 'warn' });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    firstScreenServerBuild(),
    firstScreenGuard(),
    routeHints(),
    pwa(),
    // Which modules weigh what: dist/apps/web-stats.html (treemap, gzip sizes), kept out of the served root.
    visualizer({ filename: here('../../dist/apps/web-stats.html'), template: 'treemap', gzipSize: true, brotliSize: true, title: 'Hintakori web bundle' }),
    precompress(),
  ],
  root: here('.'),
  // Content-Security-Policy nonce: the build writes this placeholder into index.html (a <meta property="csp-nonce">,
  // read by styled-components for the <style> elements it injects, and the nonce of the built tags); the gateway and
  // the web image's nginx replace it with a fresh nonce per response (libs/gateway/api/src/http/security-headers.ts).
  html: { cspNonce: 'HINTAKORI_CSP_NONCE' },
  publicDir: here('./public'),
  oxc: oxcJsx,
  resolve: { alias: webAliases },
  build: {
    outDir: here('../../dist/apps/web'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Defining a styled component has no side effect, and the UI kit and util libraries (shared-util too) have none at import: so
      // a part of the kit that only lazily loaded pages use is left out of the first screen instead of being
      // pulled into the entry chunk through the libraries' index files.
      treeshake: {
        manualPureFunctions: ['styled', 'css', 'keyframes', 'createGlobalStyle'],
        moduleSideEffects: [{ test: /libs[\\/](web[\\/](ui|util)|shared[\\/]util)[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/media/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // Higher priority first, so React is never pulled into the lazily loaded Leaflet chunk.
            { name: 'react', priority: 4, test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            // The store and its React bindings are in the first screen; Redux Toolkit with RTK Query and immer only
            // load with the first module that calls the API (src/app/api.ts), so they get a chunk of their own.
            { name: 'redux', priority: 3, test: /node_modules[\\/](redux|react-redux|redux-thunk|use-sync-external-store)[\\/]/ },
            { name: 'rtk', priority: 3, test: /node_modules[\\/](@reduxjs|immer|reselect|@standard-schema)[\\/]/ },
            {
              name: 'styled',
              priority: 2,
              test: /node_modules[\\/](styled-components|@emotion|stylis|tslib|shallowequal|css-to-react-native|postcss-value-parser|camelize|css-color-keywords)[\\/]/,
            },
            // The app's first-screen modules that the entry does not import itself: one chunk with app/boot.tsx
            // (otherwise the parts that lazily loaded pages share too, such as the theme, become chunks of their own).
            {
              name: (id, ctx) => (firstScreenModules(ctx).has(id) && !entryModules.has(id) ? 'boot' : null),
              priority: 1,
              includeDependenciesRecursively: false,
              test: (id) => /[\\/](apps[\\/]web|libs[\\/]web[\\/]\w+|libs[\\/]shared[\\/]util)[\\/]src[\\/]/.test(id),
            },
            // Leaflet and its plugins are only reached from the lazily loaded map modules.
            { name: 'leaflet', priority: 1, test: /node_modules[\\/](leaflet|leaflet\.markercluster|react-leaflet|@react-leaflet)[\\/]/ },
            // The app's modules that two or more lazily loaded shopper pages share (page layout, shopping header,
            // store picker, the API slices, cart thunks, product cards…) in one chunk instead of twenty small ones:
            // the site is served over HTTP/1.1, where each request on a phone costs a round trip of its own.
            // The admin section and the maps (features/price-map, kit/map, StoreMap) keep their own chunks.
            {
              name: (id, ctx) => (firstScreenModules(ctx).has(id) ? null : 'shop'),
              priority: 0,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: (id) => /[\\/](apps[\\/]web|libs[\\/]web[\\/]\w+|libs[\\/]shared[\\/]util)[\\/]src[\\/]/.test(id) && !/[\\/](admin|price-map|kit[\\/]map)[\\/]|StoreMap/.test(id),
            },
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
