import { BootLatch } from './boot-latch';

describe('BootLatch', () => {
  it('resolves ready() once the work is done', async () => {
    const latch = new BootLatch();
    const order: string[] = [];
    const waiting = latch.ready().then(() => order.push('ready'));
    await latch.run(async () => {
      order.push('work');
    });
    await waiting;
    expect(order).toEqual(['work', 'ready']);
  });

  it('rethrows a failure and rejects ready() with it', async () => {
    const latch = new BootLatch();
    await expect(latch.run(async () => Promise.reject(new Error('seed failed')))).rejects.toThrow('seed failed');
    await expect(latch.ready()).rejects.toThrow('seed failed');
  });
});
