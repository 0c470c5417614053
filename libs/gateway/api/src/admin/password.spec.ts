import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './password';

// A cheap cost keeps the unit test quick; the format carries the cost, so verify uses what was stored.
const CHEAP = { N: 1024, r: 8, p: 1 };

describe('admin passwords', () => {
  it('stores scrypt with its cost, a per-hash salt and never the password', async () => {
    const a = await hashPassword('oikein-hyvä-salasana', CHEAP);
    const b = await hashPassword('oikein-hyvä-salasana', CHEAP);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toContain('salasana');
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery', CHEAP);
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('uses the default cost (N=16384) when none is given', async () => {
    const stored = await hashPassword('oletuskustannus');
    expect(stored.startsWith('scrypt$16384$8$1$')).toBe(true);
    await expect(verifyPassword('oletuskustannus', stored)).resolves.toBe(true);
  });

  it('never matches a malformed or foreign hash', async () => {
    for (const stored of ['', 'plain-text-password', 'bcrypt$2b$10$abc', 'scrypt$x$8$1$c2FsdA$aGFzaA', 'scrypt$1024$8$1$$']) {
      await expect(verifyPassword('plain-text-password', stored)).resolves.toBe(false);
    }
  });

  it('has a dummy hash that no password is known for', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^scrypt\$/);
    await expect(dummyPasswordHash()).resolves.toBe(dummy);
    await expect(verifyPassword('', dummy)).resolves.toBe(false);
  });

  it('refuses short, overlong and whitespace-padded new passwords', () => {
    expect(passwordProblem('lyhyt')).toMatch(/at least 10/);
    expect(passwordProblem('x'.repeat(257))).toMatch(/at most 256/);
    expect(passwordProblem(' alkaa välilyönnillä')).toMatch(/whitespace/);
    expect(passwordProblem('riittävän pitkä salasana')).toBeNull();
  });
});
