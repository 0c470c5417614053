import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL || 'http://localhost:3000').replace(/\/$/, '');
export const HELSINKI = {
  latitude: Number(process.env.GEO_LAT || 60.1699),
  longitude: Number(process.env.GEO_LONG || 24.9384),
};

/**
 * Content-Security-Policy violations seen by any page of any context of a launched browser: the
 * `securitypolicyviolation` events of every document and Chromium's "Refused to …" console errors.
 * The suites assert it stays empty (cspViolationReport).
 */
export const cspViolations = [];
/** Pages (URLs) visited, to show what the CSP check covered. */
export const visitedPages = new Set();

export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchCsp(await newContext(options));
  return browser;
}

async function watchCsp(context) {
  await context.exposeBinding('__hintakoriCspViolation', ({ page }, violation) => cspViolations.push({ page: page.url(), ...violation }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__hintakoriCspViolation({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample });
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push({ page: message.page()?.url(), console: message.text() });
  });
  context.on('page', (page) => page.on('framenavigated', (frame) => frame === page.mainFrame() && visitedPages.add(new URL(frame.url()).pathname)));
  return context;
}

/** Empty when no page broke the Content-Security-Policy; otherwise one line per violation. */
export function cspViolationReport() {
  return cspViolations.map((v) => JSON.stringify(v)).join('\n');
}

/** A fresh browser context (own local storage) at the given viewport width. */
export async function newContext(browser, width = 1280) {
  const height = width < 600 ? 844 : 900;
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    geolocation: HELSINKI,
    permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Parses '12,34 €' into cents. */
export function cents(text) {
  const m = /(\d+),(\d{2})\s*€/.exec(text);
  return m ? Number(m[1]) * 100 + Number(m[2]) : NaN;
}

/** The API's JSON answer to `path` (under /api); anything but 200 fails the test with the route and status. */
export async function api(path, init) {
  const response = await fetch(`${BASE_URL}/api${path}`, init);
  if (response.status !== 200) throw new Error(`${init?.method ?? 'GET'} ${path} answered ${response.status}`);
  return response.json();
}

/** The slug of a product's or store's page (its urlSlug ending in its id). */
export const pageSlug = (entity) => (entity.urlSlug.endsWith(`-${entity.id}`) ? entity.urlSlug : `${entity.urlSlug}-${entity.id}`);

/**
 * A new page of `context` at `path` as a returning shopper sees it: `stores` chosen and, with `cartId`, that cart
 * (both in local storage, as the app keeps them).
 */
export async function openAs(context, path, { stores, cartId = null }) {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/tietoa`);
  const selected = JSON.stringify(stores.map((s) => ({ id: s.id, name: s.name, urlSlug: s.urlSlug, chain: s.chain, type: s.type, externalId: s.externalId ?? null })));
  await page.evaluate(([selection, id]) => {
    localStorage.setItem('hintakori.selectedStores', selection);
    if (id) localStorage.setItem('hintakori.cartId', id);
  }, [selected, cartId]);
  await page.goto(`${BASE_URL}${path}`);
  return page;
}
