import { run } from './util.mjs';

describe('run (the infra scripts’ command runner)', () => {
  it('kills a command that has not exited within timeoutMs and says so, instead of waiting for ever', async () => {
    // The message comes only from the timer's kill: a `sleep` waited out would resolve with code 0.
    await expect(run('sleep', ['30'], { timeoutMs: 300 })).rejects.toThrow('sleep 30 did not exit within 0.3 s: killed');
  });

  it('answers a command that exits in time as before, and its failure with its exit code', async () => {
    await expect(run('sh', ['-c', 'echo hello'], { timeoutMs: 10_000 })).resolves.toEqual({ code: 0, out: 'hello\n' });
    await expect(run('sh', ['-c', 'exit 3'], { timeoutMs: 10_000 })).rejects.toThrow('exited with 3');
  });
});
