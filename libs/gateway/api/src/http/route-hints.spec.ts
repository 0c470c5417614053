import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRouteHints, routeHintsReader, withRouteHints } from './route-hints';

const HTML = '<html><head><title>Hintakori</title>\n  </head><body></body></html>';
const FILE = JSON.stringify({
  routes: [
    { pattern: '^/$', modulepreload: ['/static/js/HomePage-a1.js', '/static/js/shop-b2.js'] },
    { pattern: '^/kaupat/?$', modulepreload: ['/static/js/StoreListPage-c3.js', '/static/js/shop-b2.js'] },
  ],
});

describe('route hints', () => {
  it("names the matching page's chunks in a <meta> before </head>, which the web app preloads after the first paint", () => {
    const html = withRouteHints(HTML, parseRouteHints(FILE), '/kaupat');
    expect(html).toContain('<meta name="hintakori-chunks" content="/static/js/StoreListPage-c3.js /static/js/shop-b2.js">');
    // Not fetched while the page is parsed: the first paint goes first.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('HomePage');
    expect(html.indexOf('shop-b2.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the page unchanged for an address without hints', () => {
    expect(withRouteHints(HTML, parseRouteHints(FILE), '/tietoa')).toBe(HTML);
    expect(withRouteHints(HTML, [], '/')).toBe(HTML);
  });

  it('ignores a malformed file, a bad pattern and anything that is not a chunk of the build', () => {
    expect(parseRouteHints('not json')).toEqual([]);
    expect(parseRouteHints('{"routes": 1}')).toEqual([]);
    const hints = parseRouteHints(
      JSON.stringify({
        routes: [
          { pattern: '(', modulepreload: ['/static/js/a.js'] },
          { pattern: '^/$', modulepreload: ['/static/js/ok-1.js', 'https://example.org/x.js', '/static/js/"><script>.js', 7] },
        ],
      }),
    );
    expect(hints).toHaveLength(1);
    expect(hints[0].modulepreload).toEqual(['/static/js/ok-1.js']);
  });

  it("reads the web root's file, and none when the build has not written one", async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hk-route-hints-'));
    const read = routeHintsReader(root);
    expect(await read()).toEqual([]);
    writeFileSync(path.join(root, 'route-hints.json'), FILE);
    expect((await read()).map((hint) => hint.pattern.source)).toEqual(['^\\/$', '^\\/kaupat\\/?$']);
  });
});
