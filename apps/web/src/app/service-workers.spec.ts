import { isAppServiceWorker } from './service-workers';

const registration = (scriptURL: string | null, slot: 'active' | 'waiting' | 'installing' = 'active') => ({
  unregister: jest.fn(),
  active: null,
  waiting: null,
  installing: null,
  ...(scriptURL ? { [slot]: { scriptURL } } : {}),
});

describe('isAppServiceWorker', () => {
  const origin = 'https://hintakori.fi';

  it("keeps the app's own /sw.js, active or still installing", () => {
    expect(isAppServiceWorker(registration('https://hintakori.fi/sw.js'), origin)).toBe(true);
    expect(isAppServiceWorker(registration('https://hintakori.fi/sw.js', 'installing'), origin)).toBe(true);
  });

  it('marks older or foreign workers for removal', () => {
    expect(isAppServiceWorker(registration('https://hintakori.fi/service-worker.js'), origin)).toBe(false);
    expect(isAppServiceWorker(registration('https://hintakori.fi/static/js/sw.js'), origin)).toBe(false);
    expect(isAppServiceWorker(registration('https://other.example/sw.js'), origin)).toBe(false);
    expect(isAppServiceWorker(registration(null), origin)).toBe(false);
  });
});
