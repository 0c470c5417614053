import { createTestDatabase, testConfig, TestDatabase } from '@hintakori/testing';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import nodeCrypto, { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { GATEWAY_CONFIG_SECTIONS } from '../gateway-config';
import { GatewayModule } from '../gateway.module';
import { configureGateway } from '../setup';
import { SESSION_REQUIRED } from './admin-session.guard';
import { WRONG_CREDENTIALS } from './admin-sessions.service';
import { createAdminUser } from './admin-users';
import { verifyPassword } from './password';

const PASSWORD = 'kissa-istuu-puussa-42';
const MAX_FAILURES = 3;
/** Failures per username across all clients: larger than one client's allowance (the real setting is 100). */
const MAX_USERNAME_FAILURES = 6;
/** What AdminSessionsService allows: password checks at once, and waiting for a turn, per gateway process. */
const PASSWORD_CHECKS_AT_ONCE = 2;
const PASSWORD_CHECKS_WAITING = 8;

describe('gateway admin sessions and category mapping routes (real PostgreSQL)', () => {
  let db: TestDatabase;
  let app: NestExpressApplication;
  let dataSource: DataSource;
  let base: string;
  let clientNumber = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { ADMIN_LOGIN_MAX_FAILURES: String(MAX_FAILURES), ADMIN_LOGIN_MAX_FAILURES_PER_USERNAME: String(MAX_USERNAME_FAILURES), ADMIN_SESSION_TTL_MINUTES: '60', RATE_LIMIT_PER_MINUTE: '0' };
    app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(testConfig(db.url, env, GATEWAY_CONFIG_SECTIONS)), { logger: ['error'], bodyParser: false });
    configureGateway(app);
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    dataSource = app.get(DataSource);
    await createAdminUser(dataSource, 'admin', PASSWORD);
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    process.env = saved;
    await app?.close();
    await db?.drop();
  });

  /** Each test signs in from its own address so the per-address failure counter never leaks between tests. */
  const newClient = () => `10.0.0.${++clientNumber}`;

  interface Call {
    method?: string;
    body?: unknown;
    rawBody?: string;
    cookie?: string;
    headers?: Record<string, string>;
    client?: string;
    origin?: string | null;
  }
  async function call(path: string, { method = 'GET', body, rawBody, cookie, headers = {}, client = '10.255.0.1', origin = base }: Call = {}) {
    const init: RequestInit = {
      method,
      headers: {
        'X-Forwarded-For': client,
        ...(origin !== null && method !== 'GET' ? { Origin: origin } : {}),
        ...(body !== undefined || rawBody !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: rawBody ?? (body !== undefined ? JSON.stringify(body) : undefined),
    };
    const response = await fetch(`${base}/api${path}`, init);
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null, setCookie: response.headers.getSetCookie(), headers: response.headers };
  }

  async function login(client = newClient(), password = PASSWORD, username = 'admin') {
    const response = await call('/admin/session', { method: 'POST', body: { username, password }, client });
    const cookie = response.setCookie.find((c) => c.startsWith('hk_admin='));
    return { ...response, cookie: cookie?.split(';')[0] };
  }

  describe('admin users', () => {
    it('keeps a salted scrypt hash, never the password, and refuses a second admin of the same name', async () => {
      const [row] = await dataSource.query<{ password_hash: string }[]>("SELECT password_hash FROM gateway.admin_users WHERE username = 'admin'");
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      await expect(verifyPassword(PASSWORD, row.password_hash)).resolves.toBe(true);
      await expect(createAdminUser(dataSource, 'ADMIN', 'toinen-salasana-123')).rejects.toThrow(/already exists/);
    });

    it('rejects bad usernames and weak passwords', async () => {
      await expect(createAdminUser(dataSource, 'a b', PASSWORD)).rejects.toThrow(/username/);
      await expect(createAdminUser(dataSource, 'uusi', 'lyhyt')).rejects.toThrow(/at least 10/);
    });
  });

  describe('signing in', () => {
    it('sets an HttpOnly, SameSite=Strict session cookie scoped to /api/admin, and GET answers who is signed in', async () => {
      const response = await login();
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ username: 'admin', expiresAt: expect.any(String) });
      const cookie = response.setCookie.find((c) => c.startsWith('hk_admin='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/admin/);
      expect(cookie).toMatch(/Max-Age=3600/);
      expect(cookie).not.toMatch(/Secure/i); // plain http
      expect(response.headers.get('cache-control')).toBe('no-store');

      const me = await call('/admin/session', { cookie: response.cookie });
      expect(me.status).toBe(200);
      expect(me.json).toEqual(response.json);
      const expiresIn = new Date(String(me.json?.expiresAt)).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(55 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    });

    it('stores only a hash of the session token', async () => {
      const { cookie } = await login();
      const token = decodeURIComponent(String(cookie).slice('hk_admin='.length));
      const rows = await dataSource.query<{ token_hash: string }[]>('SELECT token_hash FROM gateway.admin_sessions');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    });

    it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
      const response = await call('/admin/session', { method: 'POST', body: { username: 'admin', password: PASSWORD }, client: newClient(), headers: { 'X-Forwarded-Proto': 'https' }, origin: base.replace('http:', 'https:') });
      expect(response.status).toBe(200);
      expect(response.setCookie.find((c) => c.startsWith('hk_admin='))).toMatch(/;\s*Secure/i);
    });

    it('accepts the username in any case', async () => {
      expect((await login(newClient(), PASSWORD, 'ADMIN')).status).toBe(200);
    });

    it('answers 401 with one message for a wrong password and for an unknown user, and sets no cookie', async () => {
      for (const [username, password] of [
        ['admin', 'väärä-salasana-1'],
        ['nobody', PASSWORD],
      ]) {
        const response = await login(newClient(), password, username);
        expect(response.status).toBe(401);
        expect(response.json).toMatchObject({ statusCode: 401, message: WRONG_CREDENTIALS });
        expect(response.cookie).toBeUndefined();
      }
    });

    it(`locks a username out after ${MAX_USERNAME_FAILURES} failures from all clients together, even with the right password from elsewhere`, async () => {
      await createAdminUser(dataSource, 'lukittava', PASSWORD);
      for (let i = 0; i < MAX_USERNAME_FAILURES; i++) expect((await login(newClient(), 'väärä-salasana-2', 'lukittava')).status).toBe(401);
      const locked = await login(newClient(), PASSWORD, 'lukittava');
      expect(locked.status).toBe(429);
      expect(locked.json).toMatchObject({ statusCode: 429, message: expect.stringMatching(/Too many failed sign-ins/) });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(locked.cookie).toBeUndefined();
    });

    it(`blocks an address after ${MAX_FAILURES} failures, whatever username it tries next`, async () => {
      const client = newClient();
      for (let i = 0; i < MAX_FAILURES; i++) await login(client, PASSWORD, `arvaus${i}`);
      expect((await login(client)).status).toBe(429);
      expect((await login(newClient())).status).toBe(200);
    });

    it('does not count successful sign-ins as failures', async () => {
      const client = newClient();
      for (let i = 0; i <= MAX_FAILURES; i++) expect((await login(client)).status).toBe(200);
      expect((await login(client, 'väärä-salasana-3')).status).toBe(401);
      expect((await login(client)).status).toBe(200);
    });

    describe('a burst of parallel guesses', () => {
      const BURST = 50;
      const attempts = async (key: string) =>
        Number((await dataSource.query<{ attempts: number }[]>('SELECT attempts FROM gateway.admin_login_attempts WHERE key = $1', [key]))[0]?.attempts ?? 0);

      it(`counts ${BURST} parallel wrong sign-ins from one client as ${BURST}; only ${MAX_FAILURES} reach the password check`, async () => {
        await createAdminUser(dataSource, 'ryntays', PASSWORD);
        const client = newClient();
        const scrypt = jest.spyOn(nodeCrypto, 'scrypt');
        const answers = await Promise.all(Array.from({ length: BURST }, () => login(client, 'väärä-salasana-4', 'ryntays')));
        expect(scrypt).toHaveBeenCalledTimes(MAX_FAILURES);
        expect(answers.filter((a) => a.status === 401)).toHaveLength(MAX_FAILURES);
        const refused = answers.filter((a) => a.status === 429);
        expect(refused).toHaveLength(BURST - MAX_FAILURES);
        expect(refused[0].json).toMatchObject({ statusCode: 429, message: expect.stringMatching(/Too many failed sign-ins/) });
        expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
        // Every attempt of the client counted; against the name only those its client's allowance let through.
        expect(await attempts(`client:${client}`)).toBe(BURST);
        expect(await attempts('username:ryntays')).toBe(MAX_FAILURES);
      });

      it('still lets the real admin sign in from another address after that burst', async () => {
        const response = await login(newClient(), PASSWORD, 'ryntays');
        expect(response.status).toBe(200);
        expect(response.cookie).toBeDefined();
      });
    });

    it('counts an IPv6 client rotating its addresses within one /64 as one client', async () => {
      const sameNetwork = ['2001:db8:4a:7::1', '2001:db8:4a:7:ffff:ffff:ffff:fffe', '2001:0db8:004a:0007:1234:5678:9abc:def0'];
      for (const [i, client] of sameNetwork.entries()) expect((await login(client, PASSWORD, `ipv6-arvaus${i}`)).status).toBe(401);
      expect((await login('2001:db8:4a:7:abcd::42')).status).toBe(429);
      expect((await login('2001:db8:4a:8::1')).status).toBe(200);
    });

    it(`checks at most ${PASSWORD_CHECKS_AT_ONCE} passwords at once, queues ${PASSWORD_CHECKS_WAITING} and answers 503 with Retry-After beyond`, async () => {
      type Callback = (error: Error | null, key: Buffer) => void;
      const held: Callback[] = [];
      let running = 0;
      let mostAtOnce = 0;
      let calls = 0;
      const total = PASSWORD_CHECKS_AT_ONCE + PASSWORD_CHECKS_WAITING + 1;
      let allHeld: () => void = () => undefined;
      const everyCallHeld = new Promise<'all-checked'>((resolve) => (allHeld = () => resolve('all-checked')));
      // Each password check waits until the test lets it finish (with a key that matches nothing: 401).
      jest.spyOn(nodeCrypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
        const callback = args[args.length - 1] as Callback;
        running++;
        calls++;
        mostAtOnce = Math.max(mostAtOnce, running);
        held.push((error, key) => {
          running--;
          callback(error, key);
        });
        if (calls === total) allHeld();
      }) as unknown as typeof nodeCrypto.scrypt);
      const requests = Array.from({ length: total }, (_, i) => login(newClient(), PASSWORD, `kiire${i}`));
      const first = await Promise.race([everyCallHeld, Promise.race(requests)]);
      // Then let the checks finish one at a time; each frees a turn for one that waited.
      let settled = false;
      const all = Promise.all(requests).finally(() => (settled = true));
      while (!settled) {
        const next = held.shift();
        if (next) next(null, randomBytes(64));
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The first answer came while every turn was taken: the one request beyond the queue, refused at once.
      expect(first).not.toBe('all-checked');
      expect(first).toMatchObject({ status: 503, json: { statusCode: 503, message: expect.stringMatching(/Kirjautumisia on juuri nyt liikaa/) } });
      expect(Number((first as Awaited<(typeof requests)[number]>).headers.get('retry-after'))).toBeGreaterThan(0);
      const statuses = (await all).map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(total - 1).fill(401), 503]);
      expect(mostAtOnce).toBe(PASSWORD_CHECKS_AT_ONCE);
    });

    it.each([
      [{ username: 'admin' }, 'password is required'],
      [{ password: PASSWORD }, 'username is required'],
      [{ username: 1, password: PASSWORD }, 'username must be text of at most 64 characters, not blank, without control characters, got 1'],
      [{ username: 'admin', password: PASSWORD, remember: true }, 'Unknown field in body: remember'],
      [['admin', PASSWORD], 'The request body must be a JSON object'],
    ])('answers 400 for the sign-in body %j', async (body, message) => {
      const response = await call('/admin/session', { method: 'POST', body, client: newClient() });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ statusCode: 400, message });
    });
  });

  describe('session lifetime', () => {
    it('ends a session once it has expired', async () => {
      const { cookie } = await login();
      expect((await call('/admin/category-mappings/unmapped', { cookie })).status).not.toBe(401);
      await dataSource.query("UPDATE gateway.admin_sessions SET expires_at = now() - interval '1 second'");
      const me = await call('/admin/session', { cookie });
      expect(me.status).toBe(401);
      expect(me.json).toMatchObject({ statusCode: 401, message: SESSION_REQUIRED });
      expect((await call('/admin/category-mappings', { cookie })).status).toBe(401);
    });

    it('signs out: the session row is gone, the cookie is cleared and the old cookie no longer works', async () => {
      const { cookie } = await login();
      expect((await call('/admin/session', { cookie })).status).toBe(200);
      const out = await call('/admin/session', { method: 'DELETE', cookie });
      expect(out.status).toBe(204);
      expect(out.setCookie.find((c) => c.startsWith('hk_admin='))).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect((await call('/admin/session', { cookie })).status).toBe(401);
      const token = decodeURIComponent(String(cookie).slice('hk_admin='.length));
      expect(token).toMatch(/^[\w-]{43}$/);
    });

    it('signing out without a session is harmless', async () => {
      expect((await call('/admin/session', { method: 'DELETE' })).status).toBe(204);
    });

    it('a password reset ends every session of that admin', async () => {
      await createAdminUser(dataSource, 'vaihtaja', PASSWORD);
      const { cookie } = await login(newClient(), PASSWORD, 'vaihtaja');
      expect((await call('/admin/session', { cookie })).status).toBe(200);
      await expect(createAdminUser(dataSource, 'vaihtaja', 'uusi-salasana-456', { resetPassword: true })).resolves.toBe('password-reset');
      expect((await call('/admin/session', { cookie })).status).toBe(401);
      expect((await login(newClient(), PASSWORD, 'vaihtaja')).status).toBe(401);
      expect((await login(newClient(), 'uusi-salasana-456', 'vaihtaja')).status).toBe(200);
    });
  });

  describe('category mapping routes', () => {
    const validMapping = { categoryId: 1, externalType: 's-group', externalId: 'Maidot' };
    it.each([
      ['GET', '/admin/category-mappings', undefined],
      ['GET', '/admin/category-mappings/unmapped', undefined],
      ['POST', '/admin/category-mappings', { categoryId: 1, externalType: 's-group', externalId: 'Maidot' }],
      ['DELETE', '/admin/category-mappings/1', undefined],
      ['GET', '/admin/session', undefined],
    ])('%s %s answers 401 with a JSON message without a session', async (method, path, body) => {
      const response = await call(path, { method, body });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ statusCode: 401, message: SESSION_REQUIRED, error: 'Unauthorized' });
    });

    it('401 also for a forged or malformed cookie', async () => {
      for (const cookie of ['hk_admin=' + 'A'.repeat(43), 'hk_admin=not-a-token', 'hk_admin=']) {
        expect((await call('/admin/category-mappings', { cookie })).status).toBe(401);
      }
    });

    it.each([
      [{}, 'categoryId is required'],
      [{ categoryId: '5', externalType: 's-group', externalId: 'Maidot' }, 'categoryId must be a positive integer, got "5"'],
      [{ categoryId: 0, externalType: 's-group', externalId: 'Maidot' }, 'categoryId must be a positive integer, got 0'],
      [{ categoryId: 1.5, externalType: 's-group', externalId: 'Maidot' }, 'categoryId must be a positive integer, got 1.5'],
      [{ categoryId: 5, externalId: 'Maidot' }, 'externalType is required'],
      [{ categoryId: 5, externalType: '  ', externalId: 'Maidot' }, 'externalType must be text of at most 100 characters, not blank, without control characters, got "  "'],
      [{ categoryId: 5, externalType: 's-group', externalId: 7 }, 'externalId must be text of at most 500 characters, not blank, without control characters, got 7'],
      [{ categoryId: 5, externalType: 's-group', externalId: 'x'.repeat(501) }, 'externalId must be at most 500 characters, got 501'],
      [{ categoryId: 5, externalType: 's-group', externalId: 'Mai\u0000dot' }, 'externalId must be text of at most 500 characters, not blank, without control characters, got "Mai\\u0000dot"'],
      [{ categoryId: 5, externalType: 's-group', externalId: 'Maidot', extra: 1 }, 'Unknown field in body: extra'],
      [[validMapping], 'The request body must be a JSON object'],
    ])('POST answers 400 for the body %j', async (body, message) => {
      const { cookie } = await login();
      const response = await call('/admin/category-mappings', { method: 'POST', body, cookie });
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ statusCode: 400, message });
    });

    it('POST answers 400 for a body that is not JSON, and DELETE for an id that is not a number', async () => {
      const { cookie } = await login();
      const broken = await call('/admin/category-mappings', { method: 'POST', rawBody: '{"categoryId": 1,', cookie });
      expect(broken.status).toBe(400);
      expect(broken.json).toMatchObject({ statusCode: 400, message: expect.stringMatching(/JSON/) });
      const badId = await call('/admin/category-mappings/abc', { method: 'DELETE', cookie });
      expect(badId.status).toBe(400);
      expect(badId.json).toMatchObject({ message: 'mapping id must be a positive integer, got "abc"' });
    });
  });

  describe('cross-site request forgery', () => {
    const validBody = { categoryId: 1, externalType: 's-group', externalId: 'Maidot' };

    it('refuses a write whose Origin is another site, even with a valid session', async () => {
      const { cookie } = await login();
      for (const origin of ['https://evil.example', 'null', `${base.replace('127.0.0.1', 'localhost')}`]) {
        const response = await call('/admin/category-mappings', { method: 'POST', body: validBody, cookie, origin });
        expect(response.status).toBe(403);
        expect(response.json).toMatchObject({ statusCode: 403, message: expect.stringMatching(/Cross-site request refused/) });
      }
      const deleted = await call('/admin/category-mappings/1', { method: 'DELETE', cookie, origin: 'https://evil.example' });
      expect(deleted.status).toBe(403);
    });

    it('refuses a write without Origin and Referer, and checks Referer when Origin is missing', async () => {
      const { cookie } = await login();
      const none = await call('/admin/category-mappings', { method: 'POST', body: validBody, cookie, origin: null });
      expect(none.status).toBe(403);
      expect(none.json).toMatchObject({ message: 'Admin writes must send an Origin or Referer header naming this site' });
      const foreignReferer = await call('/admin/category-mappings', { method: 'POST', body: validBody, cookie, origin: null, headers: { Referer: 'https://evil.example/page' } });
      expect(foreignReferer.status).toBe(403);
      // A same-site Referer passes the check and reaches body validation.
      const sameSite = await call('/admin/category-mappings', { method: 'POST', body: {}, cookie, origin: null, headers: { Referer: `${base}/app/category-mappings` } });
      expect(sameSite.status).toBe(400);
    });

    it('refuses a write that is not JSON (what a cross-site form could send)', async () => {
      const { cookie } = await login();
      const response = await call('/admin/category-mappings', {
        method: 'POST',
        cookie,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        rawBody: undefined,
      });
      expect(response.status).toBe(415);
      expect(response.json).toMatchObject({ statusCode: 415, message: 'Content-Type must be application/json' });
      const textPlain = await fetch(`${base}/api/admin/category-mappings`, {
        method: 'POST',
        headers: { Origin: base, Cookie: String(cookie), 'Content-Type': 'text/plain', 'X-Forwarded-For': newClient() },
        body: JSON.stringify(validBody),
      });
      expect(textPlain.status).toBe(415);
    });

    it('refuses a cross-site sign-in and creates no session', async () => {
      const before = await dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM gateway.admin_sessions');
      const response = await call('/admin/session', { method: 'POST', body: { username: 'admin', password: PASSWORD }, origin: 'https://evil.example', client: newClient() });
      expect(response.status).toBe(403);
      expect(response.setCookie.find((c) => c.startsWith('hk_admin='))).toBeUndefined();
      const after = await dataSource.query<{ n: string }[]>('SELECT count(*) AS n FROM gateway.admin_sessions');
      expect(after[0].n).toBe(before[0].n);
    });

    it('lets reads through without Origin (GET is never a write)', async () => {
      const { cookie } = await login();
      expect((await call('/admin/session', { cookie, origin: null })).status).toBe(200);
    });
  });

  it('the migrations create exactly the schema the entities describe (migration:generate would be empty)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });
});
