import { Logger } from '@nestjs/common';
import { drain, lifecycle, onDrain, resetLifecycleForTests } from './lifecycle';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

describe('lifecycle drain', () => {
  afterEach(() => resetLifecycleForTests());

  it('turns draining on before the first step runs, then runs the steps in order', async () => {
    const seen: string[] = [];
    onDrain('stop intake', () => {
      seen.push(`intake (draining=${lifecycle.draining})`);
    });
    onDrain('close stores', async () => {
      seen.push('stores');
    });
    expect(lifecycle.draining).toBe(false);
    await expect(drain('SIGTERM', 5000, quiet)).resolves.toBe(true);
    expect(seen).toEqual(['intake (draining=true)', 'stores']);
  });

  it('keeps going when a step fails, and reports a step that outlives the grace period', async () => {
    const seen: string[] = [];
    onDrain('broken', () => {
      throw new Error('boom');
    });
    onDrain('after the broken one', () => {
      seen.push('ran');
    });
    onDrain('hangs', () => new Promise<void>(() => undefined));
    await expect(drain('SIGTERM', 50, quiet)).resolves.toBe(false);
    expect(seen).toEqual(['ran']);
  });

  it('drains only once', async () => {
    let runs = 0;
    onDrain('count', () => {
      runs += 1;
    });
    await drain('SIGTERM', 1000, quiet);
    await expect(drain('SIGINT', 1000, quiet)).resolves.toBe(false);
    expect(runs).toBe(1);
  });
});
