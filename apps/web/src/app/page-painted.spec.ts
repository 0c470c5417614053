import { afterPagePainted, CHUNKS_META_NAME, PAINT_WAIT_FALLBACK_MS, preloadAnnouncedChunks } from './page-painted';

describe('the entry waits for the painted page', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    jest.useRealTimers();
  });

  it('preloads the chunks the gateway names in the page, and only chunks of the build', () => {
    document.head.innerHTML = `<meta name="${CHUNKS_META_NAME}" content="/static/js/HomePage-a1.js  /static/js/shop-b2.js https://example.org/x.js /static/js/&quot;x.js">`;
    expect(preloadAnnouncedChunks()).toEqual(['/static/js/HomePage-a1.js', '/static/js/shop-b2.js']);
    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')] as HTMLLinkElement[];
    expect(links.map((link) => new URL(link.href).pathname)).toEqual(['/static/js/HomePage-a1.js', '/static/js/shop-b2.js']);
    expect(links.every((link) => link.getAttribute('crossorigin') === '')).toBe(true);
    document.head.innerHTML = '';
    expect(preloadAnnouncedChunks()).toEqual([]);
  });

  it('runs the task after the load event and the next painted frame, once', () => {
    jest.useFakeTimers();
    const listeners = new Map<string, () => void>();
    const frames: Array<() => void> = [];
    const win = {
      document: { readyState: 'interactive' },
      addEventListener: (name: string, listener: () => void) => listeners.set(name, listener),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    } as unknown as Window;
    const task = jest.fn();
    afterPagePainted(task, win);
    jest.advanceTimersByTime(10);
    expect(task).not.toHaveBeenCalled();
    listeners.get('load')?.();
    expect(task).not.toHaveBeenCalled();
    frames.shift()?.();
    expect(task).not.toHaveBeenCalled(); // in the frame, before its paint
    jest.advanceTimersByTime(0);
    expect(task).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(PAINT_WAIT_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it anyway after a while when no frame comes (a tab in the background) or the load is slow', () => {
    jest.useFakeTimers();
    const win = {
      document: { readyState: 'complete' },
      addEventListener: () => undefined,
      requestAnimationFrame: () => 0,
      setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
    } as unknown as Window;
    const task = jest.fn();
    afterPagePainted(task, win);
    jest.advanceTimersByTime(PAINT_WAIT_FALLBACK_MS - 1);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
