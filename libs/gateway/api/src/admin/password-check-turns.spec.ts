import { HttpStatus } from '@nestjs/common';
import { PasswordCheckTurns, SIGN_IN_BUSY, SignInRefused } from './password-check-turns';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('PasswordCheckTurns', () => {
  it('runs at most two checks at once, lets the queue wait in order and refuses one beyond it with 503', async () => {
    const turns = new PasswordCheckTurns(2, 2);
    const started: number[] = [];
    const gates = Array.from({ length: 4 }, deferred);
    const checks = gates.map((gate, i) =>
      turns.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    const refused = await turns.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SignInRefused);
    expect((refused as SignInRefused).getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect((refused as SignInRefused).getResponse()).toMatchObject({ message: SIGN_IN_BUSY });
    expect((refused as SignInRefused).retryAfterSeconds).toBeGreaterThan(0);

    gates[1].resolve();
    await checks[1];
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    await expect(Promise.all(checks)).resolves.toEqual([0, 1, 2, 3]);
  });

  it('gives the turn back when a check fails', async () => {
    const turns = new PasswordCheckTurns(1, 0);
    await expect(turns.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    await expect(turns.run(async () => 'ok')).resolves.toBe('ok');
  });
});
