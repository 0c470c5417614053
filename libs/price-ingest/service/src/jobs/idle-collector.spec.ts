import { IdleCollector } from './idle-collector';

describe('IdleCollector', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

  it('collects once, asynchronously and as a last resort (the pages given back), when the last job has ended and the worker stayed idle', async () => {
    const gc = jest.fn();
    const idle = new IdleCollector({ gc, delayMs: 2000 });
    await idle.around(async () => 'one');
    await idle.around(async () => 'two');
    jest.advanceTimersByTime(1999);
    expect(gc).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async', flavor: 'last-resort' });
    jest.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(idle.collections).toBe(1);
  });

  it('never collects while a job runs, and a job that starts within the delay puts it off', async () => {
    const gc = jest.fn();
    const idle = new IdleCollector({ gc, delayMs: 2000 });
    const long = deferred();
    const running = idle.around(() => long.promise);
    await idle.around(async () => undefined); // a short job ends while the long one still runs
    jest.advanceTimersByTime(10_000);
    expect(gc).not.toHaveBeenCalled();
    long.resolve();
    await running;
    jest.advanceTimersByTime(1000);
    const next = deferred();
    const again = idle.around(() => next.promise); // starts before the delay is over
    jest.advanceTimersByTime(5000);
    expect(gc).not.toHaveBeenCalled();
    next.resolve();
    await again;
    jest.advanceTimersByTime(2000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('collects after a job that failed too, and passes its error on', async () => {
    const gc = jest.fn();
    const idle = new IdleCollector({ gc, delayMs: 10 });
    await expect(idle.around(async () => Promise.reject(new Error('the feed is gone')))).rejects.toThrow('the feed is gone');
    jest.advanceTimersByTime(10);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing without V8’s gc (a process started without --expose-gc), and cancel stops a pending one', async () => {
    const none = new IdleCollector({ gc: undefined, delayMs: 10 });
    expect(none.enabled).toBe(false);
    await expect(none.around(async () => 7)).resolves.toBe(7);
    jest.advanceTimersByTime(100);
    expect(none.collections).toBe(0);

    const gc = jest.fn();
    const idle = new IdleCollector({ gc, delayMs: 10 });
    expect(idle.enabled).toBe(true);
    await idle.around(async () => undefined);
    idle.cancel();
    jest.advanceTimersByTime(100);
    expect(gc).not.toHaveBeenCalled();
  });

  it('uses the process’s own gc by default', () => {
    const own = (globalThis as { gc?: unknown }).gc;
    expect(new IdleCollector().enabled).toBe(typeof own === 'function');
  });
});
