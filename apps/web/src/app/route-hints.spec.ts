import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_PAGE_MODULES, STARTUP_MODULE } from './route-hints';

const src = path.resolve(__dirname, '..');
const routes = readFileSync(path.join(src, 'app/routes.tsx'), 'utf8');

/** The page component that routes.tsx renders for a path of its table, by the lazy import it names. */
function lazyModuleOf(routePath: string): string | undefined {
  const element = new RegExp(`path="${routePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" element=\\{page\\((\\w+)\\)\\}`).exec(routes)?.[1]
    ?? (routePath === '' ? /<Route index element=\{page\((\w+)\)\}/.exec(routes)?.[1] : undefined);
  if (!element) return undefined;
  return new RegExp(`const ${element} = lazyNamed\\(\\(\\) => import\\('\\.\\./([^']+)'\\)`).exec(routes)?.[1];
}

describe('ROUTE_PAGE_MODULES', () => {
  it.each([
    ['/', ''],
    ['/haku', 'haku'],
    ['/kategoria/hedelmat-ja-vihannekset/omenat', 'kategoria/:slug1/:slug2?/:slug3?'],
    ['/tuotteet/juustoportti-tilamaito-0-5-l-38', 'tuotteet/:itemSlug'],
    ['/kaupat', 'kaupat'],
    ['/kaupat/prisma-kamppi-12', 'kaupat/:storeSlug'],
    ['/ostoskorivertailu', 'ostoskorivertailu'],
    ['/tarjoukset', 'tarjoukset'],
    ['/kauppalista', 'kauppalista'],
  ])('announces for %s the page that routes.tsx shows there', (address, routePath) => {
    const matching = ROUTE_PAGE_MODULES.filter(({ pattern }) => new RegExp(pattern).test(address));
    expect(matching).toHaveLength(1);
    expect(`${matching[0].module}`).toBe(`${lazyModuleOf(routePath)}.tsx`);
  });

  it('announces nothing for the admin section, the printable list or an unknown address', () => {
    for (const address of ['/app/login', '/ostoslista/abc', '/kategoria', '/tuotteet/a/b', '/api/categories']) {
      expect(ROUTE_PAGE_MODULES.filter(({ pattern }) => new RegExp(pattern).test(address))).toEqual([]);
    }
  });

  it('names modules that exist', () => {
    for (const { module } of ROUTE_PAGE_MODULES) expect(existsSync(path.join(src, module))).toBe(true);
    expect(existsSync(path.join(src, STARTUP_MODULE))).toBe(true);
  });
});
