import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FirstScreenModule, firstScreens, FirstScreenSources, PERSONAL_COOKIE, withFirstScreen } from './first-screen';

const PAGE =
  '<!doctype html><html lang="fi"><head><title>Hintakori</title><style nonce="HINTAKORI_CSP_NONCE">body{}</style></head><body class="x"><noscript>JS</noscript><div id="root"><div id="boot-shell"></div></div></body></html>';

/** A build's server part: a home page, a category page and a product page, recording what it was asked. */
function fakeModule(calls: Array<{ url: string; data: unknown }>): FirstScreenModule {
  return {
    firstScreenNeeds: (pathname) =>
      pathname === '/' || pathname === '/haku'
        ? { categories: false, itemId: null }
        : pathname.startsWith('/kategoria/')
          ? { categories: true, itemId: null }
          : pathname === '/tuotteet/maito-38'
            ? { categories: false, itemId: 38 }
            : null,
    renderFirstScreen: async (url, data) => {
      calls.push({ url, data });
      return { html: `<main><h1>${url}</h1></main>`, css: '.a{color:red}' };
    },
  };
}

function setUp(options: { sources?: Partial<FirstScreenSources>; timeoutMs?: number; build?: boolean } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hk-first-screen-'));
  const file = path.join(dir, 'first-screen.cjs');
  if (options.build !== false) writeFileSync(file, '// the server build');
  const calls: Array<{ url: string; data: unknown }> = [];
  const sources: FirstScreenSources = {
    categories: jest.fn(async () => [{ id: 1, name: 'Maidot' }]),
    item: jest.fn(async (id: number) => ({ id, name: 'Maito' })),
    ...options.sources,
  };
  const loads = jest.fn(() => fakeModule(calls));
  const screen = firstScreens(file, sources, { load: loads, timeoutMs: options.timeoutMs });
  return { screen, calls, sources, loads, file };
}

const request = (path: string, query: Record<string, unknown> = {}, cookies: Record<string, string> = {}) => ({ path, query, cookies });

describe("a new visitor's first screen in the page", () => {
  it('goes into the page: its styles (with the nonce placeholder, hiding the app root) before </head>, its markup first in <body>', () => {
    const html = withFirstScreen(PAGE, { html: '<main><h1>Kaupat</h1></main>', css: '.a{color:red}' });
    expect(html).toContain('<style id="first-screen-css" nonce="HINTAKORI_CSP_NONCE">.a{color:red}#root{display:none}</style>');
    expect(html).toContain('<body class="x"><div id="first-screen"><main><h1>Kaupat</h1></main></div><noscript>');
    // Nothing is painted before the whole first screen is read: the first paint waits for the app's root after it.
    expect(html).toContain('</style><link rel="expect" href="#root" blocking="render"></head>');
    // The rest of the page is as it was.
    expect(html.replace(/<style id="first-screen-css"[^]*?<\/style><link[^>]*>/, '').replace(/<div id="first-screen">.*?<\/div>/, '')).toBe(PAGE);
  });

  it('leaves the page unchanged without a first screen, and never lets the styles close their element', () => {
    expect(withFirstScreen(PAGE, null)).toBe(PAGE);
    expect(withFirstScreen('<p>no head</p>', { html: 'x', css: '' })).toBe('<p>no head</p>');
    expect(withFirstScreen(PAGE, { html: '', css: 'a{content:"</style><script>"}' })).toContain('a{content:"<\\/style><script>"}');
  });

  it('renders the shopper pages with the data each needs: the category list, the product', async () => {
    const { screen, calls, sources } = setUp();
    expect(await screen(request('/'))).toEqual({ html: '<main><h1>/</h1></main>', css: '.a{color:red}' });
    await screen(request('/kategoria/maidot'));
    await screen(request('/tuotteet/maito-38'));
    expect(calls).toEqual([
      { url: '/', data: { categories: undefined, item: undefined } },
      { url: '/kategoria/maidot', data: { categories: [{ id: 1, name: 'Maidot' }], item: undefined } },
      { url: '/tuotteet/maito-38', data: { categories: undefined, item: { id: 38, name: 'Maito' } } },
    ]);
    expect(sources.categories).toHaveBeenCalledTimes(1);
    expect(sources.item).toHaveBeenCalledWith(38);
  });

  it('keeps the search text of the search page only, and renders an address once while it is fresh', async () => {
    const { screen, calls } = setUp();
    await screen(request('/haku', { search: 'täysmaito "luomu"', storeIds: '1' }));
    await screen(request('/', { utm_source: 'x' }));
    await screen(request('/'));
    expect(calls.map((call) => call.url)).toEqual(['/haku?search=t%C3%A4ysmaito+%22luomu%22', '/']);
  });

  it('is not sent to a browser with chosen stores or a cart, with ?tuote=, or for other addresses', async () => {
    const { screen, calls } = setUp();
    expect(await screen(request('/', {}, { [PERSONAL_COOKIE]: '1' }))).toBeNull();
    expect(await screen(request('/', { tuote: '38' }))).toBeNull();
    expect(await screen(request('/hintakartta'))).toBeNull();
    expect(calls).toEqual([]);
  });

  it('leaves it out when the catalogue fails or is slow, and tries again on the next page', async () => {
    let fail = true;
    const { screen, calls } = setUp({
      sources: {
        categories: async () => {
          if (fail) throw new Error('catalog down');
          return [];
        },
        item: () => new Promise(() => undefined),
      },
      timeoutMs: 50,
    });
    expect(await screen(request('/kategoria/maidot'))).toBeNull();
    expect(await screen(request('/tuotteet/maito-38'))).toBeNull();
    fail = false;
    expect(await screen(request('/kategoria/maidot'))).not.toBeNull();
    expect(calls.map((call) => call.url)).toEqual(['/kategoria/maidot']);
  });

  it('sends none without the server part of the build, and loads it once it is there', async () => {
    const { screen, loads, file } = setUp({ build: false });
    expect(await screen(request('/'))).toBeNull();
    expect(loads).not.toHaveBeenCalled();
    writeFileSync(file, '// built now');
    expect(await screen(request('/'))).not.toBeNull();
    await screen(request('/haku'));
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('sends none when the server part cannot be loaded', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hk-first-screen-'));
    const file = path.join(dir, 'first-screen.cjs');
    writeFileSync(file, 'throw new Error("broken build")');
    const screen = firstScreens(file, { categories: async () => [], item: async () => ({}) });
    expect(await screen(request('/'))).toBeNull();
  });

  it('gives a render that runs past its time up as a place among the renders at once, and keeps its screen for later', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hk-first-screen-'));
    const file = path.join(dir, 'first-screen.cjs');
    writeFileSync(file, '// the server build');
    const pending: Array<() => void> = [];
    const calls: string[] = [];
    const module: FirstScreenModule = {
      firstScreenNeeds: () => ({ categories: false, itemId: null }),
      renderFirstScreen: (url) => {
        calls.push(url);
        return new Promise((resolve) => pending.push(() => resolve({ html: url, css: '' })));
      },
    };
    const screen = firstScreens(file, { categories: async () => [], item: async () => ({}) }, { load: () => module, maxRenders: 1, timeoutMs: 20 });
    // The only place: this render never finishes in time, and the page goes without it.
    expect(await screen(request('/haku', { search: 'hidas' }))).toBeNull();
    // Its place is free again: the next address is rendered.
    const next = screen(request('/haku', { search: 'nopea' }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['/haku?search=hidas', '/haku?search=nopea']);
    pending[1]();
    expect(await next).toEqual({ html: '/haku?search=nopea', css: '' });
    // The late render's screen, once done, goes to the next visitor of its address.
    pending[0]();
    expect(await screen(request('/haku', { search: 'hidas' }))).toEqual({ html: '/haku?search=hidas', css: '' });
    expect(calls).toHaveLength(2);
  });
});
