import { manifest, type Target } from './manifest';

const TARGETS: Target[] = ['chromium', 'firefox'];

/** Every match pattern a manifest names: host permissions and content scripts. */
function patterns(m: Record<string, unknown>): string[] {
  const scripts = m.content_scripts as { matches: string[] }[];
  return [...(m.host_permissions as string[]), ...scripts.flatMap((s) => s.matches)];
}

describe('manifest', () => {
  it.each(TARGETS)('of the production build (%s) names only the Hintakori site and the shops, no localhost', (target) => {
    const m = manifest(target, '1.2.3');
    const all = patterns(m);
    expect(all.filter((p) => /localhost|127\.0\.0\.1|^http:/.test(p))).toEqual([]);
    expect(m.host_permissions).toEqual(['https://hintakori.fi/*', 'https://www.hintakori.fi/*']);
    expect(new Set(all)).toEqual(
      new Set([
        'https://hintakori.fi/*',
        'https://www.hintakori.fi/*',
        'https://www.s-kaupat.fi/*',
        'https://s-kaupat.fi/*',
        'https://www.k-ruoka.fi/*',
        'https://k-ruoka.fi/*',
      ]),
    );
  });

  it.each(TARGETS)('(%s) asks only for storage, opens the consent popup, and has no host permission on the shops', (target) => {
    const m = manifest(target, '1.2.3');
    expect(m.permissions).toEqual(['storage']);
    expect((m.action as { default_popup: string }).default_popup).toBe('popup.html');
    expect((m.host_permissions as string[]).some((p) => /s-kaupat|k-ruoka/.test(p))).toBe(false);
  });

  it.each(TARGETS)('of a development build (%s) adds the local site on any port', (target) => {
    const m = manifest(target, '1.2.3', { dev: true });
    expect(m.host_permissions).toEqual(['https://hintakori.fi/*', 'https://www.hintakori.fi/*', 'http://localhost/*', 'http://127.0.0.1/*']);
    const site = (m.content_scripts as { matches: string[]; js: string[] }[]).find((s) => s.js.includes('site.js'));
    expect(site?.matches).toContain('http://localhost/*');
  });
});
