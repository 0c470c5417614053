import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import type { FirstScreen, FirstScreenModule, FirstScreenNeeds } from '@hintakori/shared-util';
import { decodePathSegment, idFromSlug } from '@hintakori/web-util';
import { GlobalStyle, theme } from '@hintakori/web-ui';
import { api } from '../app/api';
import type { Category, Item } from '../app/models';
import { AppRoutes } from '../app/routes';
import { makeStore, releaseStore } from '../app/store';
import { categoriesReceived } from '../kit/product/categories.slice';
import { itemsApi } from '../kit/api/items.api';
import { ServerCopyContext } from '../features/layout/server-copy';

/*
 * The server build's entry (vite.ssr.config.ts → dist/apps/web-ssr/first-screen.cjs): the gateway renders with it
 * a new visitor's first screen into the page it sends (libs/gateway/api/src/http/first-screen.ts; the browser's
 * side is app/first-screen.ts). The same components as in the browser, in the state a visitor without chosen
 * stores and cart sees them, with the data the gateway has at hand: the category list and the product.
 */

/** What the server knows for the page: the category list (category pages) and the product (product pages). */
export interface FirstScreenData {
  categories?: Category[];
  item?: Item;
}

/**
 * The shoppers' pages that get a first screen from the server, and the data each needs; null for any other
 * address (those are sent as before: the logo bar, then the app).
 */
export function firstScreenNeeds(pathname: string): FirstScreenNeeds | null {
  if (/^\/(|haku|kaupat|ostoskorivertailu|tietoa|tietoa\/lahteet)\/?$/.test(pathname)) return { categories: false, itemId: null };
  if (/^\/kategoria\/[^/]+(\/[^/]+){0,2}\/?$/.test(pathname)) return { categories: true, itemId: null };
  const product = /^\/tuotteet\/([^/]+)\/?$/.exec(pathname);
  if (product) {
    const itemId = idFromSlug(decodePathSegment(product[1]));
    return itemId === null ? null : { categories: false, itemId };
  }
  return null;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };

/**
 * The site's Content-Security-Policy allows no inline style attributes (in the browser React sets `style` through
 * the DOM, which it allows), so each `style="…"` of the markup becomes a `data-fs-style` attribute with a rule of
 * its own, `!important` as an inline style would win over the components' rules.
 */
export function moveInlineStyles(html: string): { html: string; css: string } {
  const ids = new Map<string, number>();
  const out = html.replace(/ style="([^"]*)"/g, (_match, value: string) => {
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = ids.size));
    return ` data-fs-style="${id}"`;
  });
  const rules = [...ids].map(([value, id]) => {
    const declarations = value
      .replace(/&(amp|quot|#x27|lt|gt);/g, (entity) => ATTRIBUTE_ENTITIES[entity])
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => `${part} !important`)
      .join(';');
    return `[data-fs-style="${id}"]{${declarations}}`;
  });
  return { html: out, css: rules.join('') };
}

/** Renders the site at `url` (path and query) for a visitor with no stores chosen and no cart. */
export function renderFirstScreen(url: string, data: FirstScreenData = {}): Promise<FirstScreen> {
  const store = makeStore();
  if (data.categories) store.dispatch(categoriesReceived(data.categories));
  // The product page asks for the product with the chosen stores' prices: none chosen, storeIds [].
  if (data.item) store.dispatch(itemsApi.util.upsertQueryEntries([{ endpointName: 'getItem', arg: { id: data.item.id, storeIds: [] }, value: data.item }]));
  const sheet = new ServerStyleSheet();
  return new Promise<FirstScreen>((resolve, reject) => {
    let failed: unknown;
    const done = () => {
      sheet.seal();
      // Clears RTK Query's timers for the product (kept 60 s without a subscriber), which would hold the store.
      store.dispatch(api.util.resetApiState());
      releaseStore(store);
    };
    const stream = renderToPipeableStream(
      sheet.collectStyles(
        <StrictMode>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <Provider store={store}>
              <StaticRouter location={url}>
                <ServerCopyContext.Provider value={true}>
                  <AppRoutes />
                </ServerCopyContext.Provider>
              </StaticRouter>
            </Provider>
          </ThemeProvider>
        </StrictMode>,
      ),
      {
        // Every lazily loaded page and part has arrived (the server build has them all in one file).
        onAllReady() {
          const out = new PassThrough();
          const parts: Buffer[] = [];
          out.on('data', (chunk: Buffer) => parts.push(chunk));
          out.on('end', () => {
            try {
              if (failed) throw failed;
              const moved = moveInlineStyles(Buffer.concat(parts).toString('utf8'));
              resolve({ html: moved.html, css: `${sheet.instance.toString()}${moved.css}` });
            } catch (error) {
              reject(error);
            } finally {
              done();
            }
          });
          stream.pipe(out);
        },
        onShellError(error) {
          done();
          reject(error);
        },
        onError(error) {
          failed = error;
        },
      },
    );
  });
}

/** What the gateway loads from the built file: checked here against the one contract (libs/shared/util). */
export const firstScreenModule: FirstScreenModule<FirstScreenData> = { firstScreenNeeds, renderFirstScreen };
