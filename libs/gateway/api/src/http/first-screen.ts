import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FIRST_SCREEN_CSS_ID, FIRST_SCREEN_ID, type FirstScreen, type FirstScreenModule, type FirstScreenNeeds, PERSONAL_COOKIE } from '@hintakori/shared-util';
import { CSP_NONCE_PLACEHOLDER } from './security-headers';

/**
 * A new visitor's first screen in the page the gateway sends. The web build has a server part
 * (dist/apps/web-ssr/first-screen.cjs, from apps/web/src/server/first-screen.tsx) that renders a shopper page with
 * React as a visitor without chosen stores or a cart sees it. The page handler puts that markup into index.html
 * (`<div id="first-screen">` and its styles in `<style id="first-screen-css">`, which also hide the app's root),
 * so a phone paints the page's text and pictures before any script has arrived; the app renders into its hidden
 * root and then removes the copy (apps/web/src/app/first-screen.ts). Without the file (an older build, or the
 * web image's nginx) the page goes out as before. The names both sides share are in libs/shared/util (first-screen.ts).
 */

export { FIRST_SCREEN_CSS_ID, FIRST_SCREEN_ID, type FirstScreen, type FirstScreenModule, PERSONAL_COOKIE };


/**
 * Holds the page's first paint until the app's root is parsed, that is until the whole first screen before it is:
 * the browser may otherwise paint a first screen it has only partly read (a slow or busy phone, the page arriving
 * in pieces), and the rest then moves what was painted (a row of the header's buttons filling up shifts those
 * already there). Rendering goes on at the latest when the document is parsed; a browser without `rel=expect`
 * ignores the link.
 */
const WHOLE_SCREEN_FIRST = '<link rel="expect" href="#root" blocking="render">';

/**
 * The page with the first screen: its styles (and the hold on the first paint until the screen is read whole)
 * before `</head>`, its markup first in `<body>`.
 */
export function withFirstScreen(page: string, screen: FirstScreen | null): string {
  if (!screen) return page;
  const head = page.indexOf('</head>');
  const body = /<body[^>]*>/.exec(page);
  if (head < 0 || !body || body.index < head) return page;
  // '</' cannot close the style element early: the rules are styled-components' own, but be sure.
  const css = `${screen.css.replaceAll('</', '<\\/')}#root{display:none}`;
  const style = `<style id="${FIRST_SCREEN_CSS_ID}" nonce="${CSP_NONCE_PLACEHOLDER}">${css}</style>${WHOLE_SCREEN_FIRST}`;
  const markup = `<div id="${FIRST_SCREEN_ID}">${screen.html}</div>`;
  const bodyEnd = body.index + body[0].length;
  return `${page.slice(0, head)}${style}${page.slice(head, bodyEnd)}${markup}${page.slice(bodyEnd)}`;
}

/** Where the page's data comes from (the gateway's cached reads of the catalogue). */
export interface FirstScreenSources {
  categories(): Promise<unknown[]>;
  item(id: number): Promise<unknown>;
}

export interface FirstScreenOptions {
  /** A first screen not ready within this time is left out (the page goes without it). */
  timeoutMs?: number;
  /** Rendered screens kept, per address, for this long … */
  ttlMs?: number;
  /** … and at most this many. */
  maxEntries?: number;
  /**
   * First screens rendered at once (default 4): an uncached page beyond them goes without one (the plain app shell,
   * which the app renders in the browser). A render that runs past timeoutMs gives its place up.
   */
  maxRenders?: number;
  /** First screens one client (PageRequest.client) may have rendered a minute; 0 (default) = no share. */
  rendersPerClientPerMinute?: number;
  /** Loads the module (tests give their own). */
  load?: (file: string) => FirstScreenModule;
}

export interface PageRequest {
  path: string;
  query: Record<string, unknown>;
  cookies?: Record<string, string | undefined>;
  /** Whom the render budget counts the request for (client-key.ts); none: only the concurrency cap applies. */
  client?: string;
}

/** Distinct clients whose render share is counted in one minute before the counts start over (a bound on memory). */
const MAX_COUNTED_CLIENTS = 50_000;

/**
 * The first screen for a page request, or null: for a visitor with the personal cookie, an address without one,
 * a product or category the catalogue cannot give in time, or without the server part of the build.
 */
export function firstScreens(file: string, sources: FirstScreenSources, options: FirstScreenOptions = {}) {
  const { timeoutMs = 800, ttlMs = 60_000, maxEntries = 200, maxRenders = 4, rendersPerClientPerMinute = 0 } = options;
  const load = options.load ?? ((path: string) => createRequire(__filename)(path) as FirstScreenModule);
  const logger = new Logger('FirstScreen');
  let module: FirstScreenModule | null | undefined;
  const cache = new Map<string, { at: number; screen: Promise<FirstScreen | null> }>();
  let rendering = 0;
  const shares = { window: 0, counts: new Map<string, number>() };

  /** Whether a new render may start now for `client`: a place among maxRenders, and the client's share (taken). */
  const mayRender = (client: string | undefined): boolean => {
    if (rendering >= maxRenders) return false;
    if (rendersPerClientPerMinute <= 0 || client === undefined) return true;
    const window = Math.floor(Date.now() / 60_000);
    if (shares.window !== window || shares.counts.size > MAX_COUNTED_CLIENTS) {
      shares.window = window;
      shares.counts.clear();
    }
    const used = shares.counts.get(client) ?? 0;
    if (used >= rendersPerClientPerMinute) return false;
    shares.counts.set(client, used + 1);
    return true;
  };

  const moduleOnce = (): FirstScreenModule | null => {
    if (module !== undefined) return module;
    if (!existsSync(file)) return null; // not built (yet): looked for again on the next page
    try {
      module = load(file);
    } catch (error) {
      logger.warn(`Cannot load ${file}: ${(error as Error).message}; pages go out without a first screen`);
      module = null;
    }
    return module;
  };

  const render = async (ssr: FirstScreenModule, url: string, needs: FirstScreenNeeds): Promise<FirstScreen | null> => {
    const [categories, item] = await Promise.all([
      needs.categories ? sources.categories() : undefined,
      needs.itemId !== null ? sources.item(needs.itemId) : undefined,
    ]);
    return ssr.renderFirstScreen(url, { categories, item });
  };

  return async (req: PageRequest): Promise<FirstScreen | null> => {
    if (req.cookies?.[PERSONAL_COOKIE] !== undefined) return null;
    // ?tuote= opens a product over the page in the app: not a new visitor's plain first screen.
    if (req.query.tuote !== undefined) return null;
    const ssr = moduleOnce();
    const needs = ssr?.firstScreenNeeds(req.path);
    if (!ssr || !needs) return null;
    // The search page shows its search text in the search box; every other page ignores the query.
    const search = req.path.replace(/\/$/, '') === '/haku' && typeof req.query.search === 'string' ? `?${new URLSearchParams({ search: req.query.search })}` : '';
    const url = `${req.path}${search}`;
    const now = Date.now();
    let entry = cache.get(url);
    let release = (): void => undefined;
    if ((!entry || now - entry.at > ttlMs) && mayRender(req.client)) {
      rendering++;
      let held = true;
      release = () => {
        if (held) rendering--;
        held = false;
      };
      const screen = render(ssr, url, needs)
        .catch((error: unknown) => {
          logger.debug(`No first screen for ${url}: ${(error as Error).message}`);
          cache.delete(url);
          return null;
        })
        .finally(release);
      entry = { at: now, screen };
      cache.delete(url);
      cache.set(url, entry);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    // Over the render budget: a copy past its time if there is one, else none (the plain app shell).
    if (!entry) return null;
    let timer: NodeJS.Timeout | undefined;
    // Past its time the render goes on (its screen is kept for the next visitor) but gives its place up.
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => (release(), resolve(null)), timeoutMs)));
    try {
      return await Promise.race([entry.screen, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
