import { fakeResponse } from '../test/render';
import { makeStore } from './store';

describe('startup and the first page', () => {
  beforeEach(() => jest.resetModules());

  async function setup() {
    const calls: string[] = [];
    global.fetch = jest.fn(async (address: string) => {
      calls.push(address);
      return fakeResponse(200, []);
    }) as unknown as typeof fetch;
    const pageShown = await import('../kit/layout/page-shown');
    const { startAppData } = await import('./startup');
    const { makeStore: make } = await import('./store');
    return { calls, pageShown, startAppData, store: make() as ReturnType<typeof makeStore> };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('reads the categories only after the first page has been shown, and a moment later', async () => {
    const { calls, pageShown, startAppData, store } = await setup();
    jest.useFakeTimers();
    const stop = startAppData(store.dispatch, '/');
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls).not.toContain('/api/categories');
    pageShown.reportPageShown();
    await jest.advanceTimersByTimeAsync(pageShown.AFTER_FIRST_PAGE_DELAY_MS - 1);
    expect(calls).not.toContain('/api/categories');
    await jest.advanceTimersByTimeAsync(1);
    jest.useRealTimers();
    await settle();
    expect(calls).toContain('/api/categories');
    stop();
  });

  it('reads them at once on a page that shows them, and after the fallback time on a page without PageLayout', async () => {
    const { calls, startAppData, store, pageShown } = await setup();
    const stop = startAppData(store.dispatch, '/kategoria/maito');
    await settle();
    expect(calls).toContain('/api/categories');
    stop();

    jest.useFakeTimers();
    const ran = jest.fn();
    pageShown.afterFirstPage(ran, 3000);
    jest.advanceTimersByTime(2999);
    expect(ran).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledTimes(1);
    pageShown.reportPageShown();
    expect(ran).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});
