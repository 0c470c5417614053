#!/usr/bin/env node
// `npm run lighthouse` — not a test: Lighthouse scores (performance, accessibility, best practices, SEO)
// for the main pages, mobile and desktop, in Debian's Chromium. Against BASE_URL when set; otherwise it
// boots the standalone profile on its own port and data directory (build first: `npm run build`).
// Pages: home, a search, a category and a product of the data at hand, /kaupat, /ostoskorivertailu and /tietoa
// (LIGHTHOUSE_PAGES=/a,/b to choose); LIGHTHOUSE_FORM_FACTORS=mobile for phones only; each page LIGHTHOUSE_RUNS
// times (3), passes interleaved, and the table gives each page's median score, TBT and LCP; LIGHTHOUSE_PORT /
// LIGHTHOUSE_PG_PORT move the standalone it boots. After the scores, for phones, when the app takes over from the
// server's first screen at 4× CPU (LIGHTHOUSE_TAKEOVER=false skips it). Both tables also go to
// dist/lighthouse/summary.json. Lighthouse itself is fetched once by npx (cached in ~/.npm), so it does not weigh on `npm install`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from '../infra/chromium.mjs';
import { startStandaloneOnPorts } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

const LIGHTHOUSE = 'lighthouse@13.5.0';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist/lighthouse');
mkdirSync(outDir, { recursive: true });
const chromePath = ensureChromium();
const port = process.env.LIGHTHOUSE_PORT ?? '3360';

// LIGHTHOUSE_VARIANTS=before=http://…,after=http://… measures two running systems (two builds of the web app) page by
// page in the same passes, so that both meet the same load on the machine; the tables get a column per variant.
const variants = process.env.LIGHTHOUSE_VARIANTS
  ? process.env.LIGHTHOUSE_VARIANTS.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), url: pair.slice(at + 1) };
    })
  : undefined;
let baseUrl = variants?.[0].url ?? process.env.BASE_URL;
let standalone;
if (!baseUrl) {
  console.log('[lighthouse] starting the standalone profile…');
  try {
    standalone = await startStandaloneOnPorts({ port, pgPort: process.env.LIGHTHOUSE_PG_PORT ?? '54359', dataDir: path.join(root, '.data/lighthouse'), env: { LOG_LEVEL: 'warn' }, timeoutMs: 240_000 });
  } catch (error) {
    console.error(`[lighthouse] ${error.message}`);
    process.exit(1);
  }
  baseUrl = standalone.url;
}
const targets = variants ?? [{ name: '', url: baseUrl }];

/** A category page and a product page of the data at hand: the first top-level category, the first 'maito' hit in the first stores. */
async function samplePages() {
  const found = [];
  try {
    const categories = await (await fetch(`${baseUrl}/api/categories`)).json();
    const top = categories.find((c) => c.parentCategoryId === null);
    if (top) found.push(`/kategoria/${top.slug}`);
    // The search needs stores: the first few of the store list.
    const stores = await (await fetch(`${baseUrl}/api/stores/minimal?skip=0`)).json();
    const storeIds = (Array.isArray(stores) ? stores : []).slice(0, 5).map((store) => store.id);
    const items = await (await fetch(`${baseUrl}/api/items?search=maito&storeIds=${storeIds.join(',')}`)).json();
    const item = Array.isArray(items) ? items[0] : undefined;
    if (item) found.push(`/tuotteet/${item.urlSlug.endsWith(`-${item.id}`) ? item.urlSlug : `${item.urlSlug}-${item.id}`}`);
  } catch (error) {
    console.warn(`[lighthouse] no category or product page: ${error.message}`);
  }
  return found;
}

const pages = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(',')
  : ['/', '/haku?search=maito', ...(await samplePages()), '/kaupat', '/ostoskorivertailu', '/tietoa'];
const formFactors = (process.env.LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop').split(',');

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const loadBefore = (await import('node:os')).loadavg()[0];

/** The middle value (the lower of the two middle ones for an even count); undefined when there is none. */
const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : undefined;
};

// Passes interleaved (pass 1 of every page, then pass 2…), so that a busy minute of the machine does not land on
// one page's three runs.
const reports = new Map(); // `${formFactor} ${page}` → one entry per pass
for (let pass = 1; pass <= runs; pass++) {
  for (const formFactor of formFactors) {
    for (const page of pages) for (const target of targets) {
      const name = `${formFactor}${page === '/' ? '-home' : page.replace(/[/?=&]/g, '-')}${target.name ? `-${target.name}` : ''}-${pass}`;
      const outFile = path.join(outDir, `${name}.json`);
      console.log(`[lighthouse] pass ${pass}/${runs} ${formFactor} ${page}${target.name ? ` (${target.name})` : ''}…`);
      const args = [
        '--yes',
        LIGHTHOUSE,
        `${target.url}${page}`,
        '--quiet',
        '--output=json',
        `--output-path=${outFile}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ];
      const run = () => spawnSync('npx', args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: chromePath } }).status;
      let status = run();
      // Lighthouse 13 now and then loses the trace's navigation start (NO_NAVSTART) and exits 1: one more try.
      if (status !== 0) {
        console.warn(`[lighthouse] ${formFactor} ${page}: lighthouse exited ${status}, trying the pass once more`);
        status = run();
      }
      const key = `${formFactor} ${page} ${target.name}`;
      if (!reports.has(key)) reports.set(key, []);
      if (status !== 0) {
        console.warn(`[lighthouse] ${formFactor} ${page}: lighthouse exited ${status}`);
        continue;
      }
      const report = JSON.parse(readFileSync(outFile, 'utf8'));
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      reports.get(key).push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        LCP: report.audits['largest-contentful-paint']?.numericValue,
        TBT: report.audits['total-blocking-time']?.numericValue,
        CLS: report.audits['cumulative-layout-shift']?.numericValue,
      });
    }
  }
}

// Per page and form factor the median of the passes (the scores' spread beside it), TBT and LCP their own medians.
const results = [];
for (const formFactor of formFactors) {
  for (const page of pages) for (const target of targets) {
    const passes = reports.get(`${formFactor} ${page} ${target.name}`) ?? [];
    const variant = target.name ? { variant: target.name } : {};
    if (!passes.length) {
      results.push({ formFactor, page, ...variant, passes: 0 });
      continue;
    }
    const of = (key) => median(passes.map((p) => p[key]));
    const scores = passes.map((p) => p.performance);
    results.push({
      formFactor,
      page,
      ...variant,
      passes: passes.length,
      performance: of('performance'),
      'performance, all passes': scores.join(' '),
      'TBT ms': Math.round(of('TBT')),
      'LCP s': Number((of('LCP') / 1000).toFixed(1)),
      CLS: Number(of('CLS').toFixed(3)),
      accessibility: of('accessibility'),
      'best-practices': of('best-practices'),
      seo: of('seo'),
    });
  }
}
const loadAfter = (await import('node:os')).loadavg()[0];
console.log(`[lighthouse] median of ${runs} passes per page; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after:`);
console.table(results);
const summary = { date: new Date().toISOString(), runs, load: [loadBefore, loadAfter], lighthouse: results };

// When the page answers to taps: a new visitor's page is the server's first screen until the app has rendered and
// removed it (apps/web/src/app/first-screen.ts); from then on every button works. Measured in the same Chromium at
// 390 × 844 with the CPU slowed 4× (the issue's phone) and no network throttling, 3 loads a page (LIGHTHOUSE_TAKEOVER_LOADS), median.
if (formFactors.includes('mobile') && process.env.LIGHTHOUSE_TAKEOVER !== 'false') {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const takeovers = [];
  const times = new Map(); // `${page} ${variant}` → one entry per load
  // Loads interleaved like the Lighthouse passes: load 1 of every page (and variant), then load 2…
  const loadsPerPage = Number(process.env.LIGHTHOUSE_TAKEOVER_LOADS ?? 3);
  for (let run = 0; run < loadsPerPage; run++) {
    for (const page of pages) for (const target of run % 2 ? [...targets].reverse() : targets) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      // The page tells this script through a binding when it has taken over, so that nothing of Playwright's runs
      // in the page before then: polling with waitForFunction would evaluate Playwright's injected script on the
      // page's main thread right after the load event (34–48 ms at 4×), in the middle of the app's boot.
      let tookOver;
      const takenOver = new Promise((resolve) => (tookOver = resolve));
      await context.exposeBinding('__takeoverSeen', () => tookOver());
      await context.addInitScript(() => {
        const seen = () => {
          if (!document.getElementById('first-screen') && document.getElementById('root')?.childElementCount) {
            if (window.__takeover === undefined) {
              window.__takeover = performance.now();
              window.__takeoverSeen();
            }
            return true;
          }
          return false;
        };
        new MutationObserver((_, observer) => seen() && observer.disconnect()).observe(document, { childList: true, subtree: true });
        new PerformanceObserver((list) => (window.__lcp = list.getEntries().at(-1)?.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const response = await tab.goto(`${target.url}${page}`, { waitUntil: 'load' });
      const firstScreen = (await response.text()).includes('id="first-screen"');
      await Promise.race([takenOver, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      const key = `${page} ${target.name}`;
      if (!times.has(key)) times.set(key, []);
      times.get(key).push({ firstScreen, ...(await tab.evaluate(() => ({ takeover: window.__takeover, lcp: window.__lcp }))) });
      await context.close();
    }
  }
  for (const page of pages) for (const target of targets) {
    const loads = times.get(`${page} ${target.name}`);
    const middle = (key) => {
      const values = loads.map((t) => t[key]);
      return values.every((v) => typeof v === 'number') ? Math.round(median(values)) : null;
    };
    const all = loads.map((t) => (typeof t.takeover === 'number' ? Math.round(t.takeover) : '–')).join(' ');
    takeovers.push({
      page,
      ...(target.name ? { variant: target.name } : {}),
      'first screen in HTML': loads.every((t) => t.firstScreen),
      'LCP ms': middle('lcp'),
      'app takes over ms': middle('takeover'),
      'takes over, all loads': all,
    });
  }
  await browser.close();
  console.log(`[lighthouse] a new visitor on a 390 px phone, CPU 4× slower, no network throttling (median of ${loadsPerPage} loads):`);
  console.table(takeovers);
  summary.takeovers = takeovers;
}
writeFileSync(path.join(outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
await standalone?.stop();
console.log(`[lighthouse] reports in ${path.relative(root, outDir)}/`);
