import { createTestDatabase, TestDatabase } from '@hintakori/testing';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { verifyPassword } from '../../libs/gateway/api/src/admin/password';

const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'hyvin-pitkä-salasana-7';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin:create`'s command as a user would, with the given stdin and environment. */
function runCli(args: string[], { stdin = '', env = {} }: { stdin?: string; env?: Record<string, string | undefined> } = {}): Promise<Run> {
  const childEnv: Record<string, string | undefined> = { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, PG_PORT: undefined, ...env };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/admin/create-admin.ts', ...args], { cwd: ROOT, env: childEnv as NodeJS.ProcessEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

async function passwordHashOf(url: string, username: string): Promise<string | null> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ password_hash: string }>('SELECT password_hash FROM gateway.admin_users WHERE username = $1', [username]);
    return rows[0]?.password_hash ?? null;
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The standalone's embedded PostgreSQL on a data directory, in a child process (its binaries package is
 * ESM, which jest's module runtime cannot load). Stops when told to.
 */
async function startStandalonePostgres(dataDir: string, port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const script = `
    const { startEmbeddedPostgres } = require('./libs/platform/persistence/src/embedded-postgres');
    startEmbeddedPostgres({ dataDir: process.env.DATA_DIR, port: Number(process.env.PG_PORT) }).then((pg) => {
      process.stdout.write(pg.url + '\\n');
      process.stdin.on('end', () => pg.stop().then(() => process.exit(0)));
      process.stdin.resume();
    }, (error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PG_PORT: String(port) } });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('\n')) resolve(out.trim());
    });
    child.on('close', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('close', () => resolve());
        child.stdin.end();
      }),
  };
}

describe('admin:create CLI', () => {
  describe('on a DATABASE_URL (distributed profile)', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    afterAll(async () => {
      await db?.drop();
    });

    it('creates an admin with the password piped on stdin, migrating the gateway schema first', async () => {
      const run = await runCli(['--username', 'Maija'], { stdin: `${PASSWORD}\n`, env: { DATABASE_URL: db.url } });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('Admin "maija" created in the DATABASE_URL database.\n');
      const hash = await passwordHashOf(db.url, 'maija');
      expect(hash).toMatch(/^scrypt\$/);
      await expect(verifyPassword(PASSWORD, String(hash))).resolves.toBe(true);
    });

    it('reads the password from the variable named by --password-env', async () => {
      const run = await runCli(['--username=pekka', '--password-env', 'PEKAN_SALASANA'], { env: { DATABASE_URL: db.url, PEKAN_SALASANA: PASSWORD } });
      expect(run.code).toBe(0);
      await expect(verifyPassword(PASSWORD, String(await passwordHashOf(db.url, 'pekka')))).resolves.toBe(true);
    });

    it('never takes the password from the command line', async () => {
      for (const args of [['--username', 'liisa', '--password', PASSWORD], ['--username', 'liisa', `--password=${PASSWORD}`]]) {
        const run = await runCli(args, { env: { DATABASE_URL: db.url } });
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(/never taken from the command line/);
      }
      expect(await passwordHashOf(db.url, 'liisa')).toBeNull();
    });

    it('refuses an existing username unless asked to reset the password', async () => {
      const again = await runCli(['--username', 'maija'], { stdin: 'toinen-salasana-99\n', env: { DATABASE_URL: db.url } });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);
      await expect(verifyPassword(PASSWORD, String(await passwordHashOf(db.url, 'maija')))).resolves.toBe(true);

      const reset = await runCli(['--username', 'maija', '--reset-password'], { stdin: 'toinen-salasana-99\n', env: { DATABASE_URL: db.url } });
      expect(reset.code).toBe(0);
      expect(reset.stdout).toMatch(/new password/);
      await expect(verifyPassword('toinen-salasana-99', String(await passwordHashOf(db.url, 'maija')))).resolves.toBe(true);
    });

    it('explains a weak password, a missing password, a missing username and an unset --password-env', async () => {
      const weak = await runCli(['--username', 'heikko'], { stdin: 'lyhyt\n', env: { DATABASE_URL: db.url } });
      expect([weak.code, weak.stderr]).toEqual([1, expect.stringMatching(/at least 10 characters/)]);
      const empty = await runCli(['--username', 'tyhja'], { stdin: '', env: { DATABASE_URL: db.url } });
      expect([empty.code, empty.stderr]).toEqual([2, expect.stringMatching(/No password on standard input/)]);
      const noName = await runCli([], { stdin: `${PASSWORD}\n`, env: { DATABASE_URL: db.url } });
      expect([noName.code, noName.stderr]).toEqual([2, expect.stringMatching(/--username is required/)]);
      const unset = await runCli(['--username', 'x-user', '--password-env', 'NOT_SET_ANYWHERE'], { env: { DATABASE_URL: db.url } });
      expect([unset.code, unset.stderr]).toEqual([2, expect.stringMatching(/NOT_SET_ANYWHERE .* is not set/)]);
    });
  });

  describe('on the standalone profile (embedded PostgreSQL)', () => {
    let dataDir: string;
    let port: number;
    beforeAll(async () => {
      // Under the repository's .data like the standalone's own; readable for the postgres user embedded-postgres creates as root.
      mkdirSync(path.join(ROOT, '.data'), { recursive: true });
      dataDir = mkdtempSync(path.join(ROOT, '.data', 'admin-cli-test-'));
      chmodSync(dataDir, 0o755);
      port = await freePort();
    });
    afterAll(() => {
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts the embedded server when the standalone is not running, and uses the running one when it is', async () => {
      const env = { DATA_DIR: dataDir, PG_PORT: String(port) };
      const cold = await runCli(['--username', 'ensimmainen'], { stdin: `${PASSWORD}\n`, env });
      expect(cold.stderr).toMatch(/Starting the standalone profile's embedded PostgreSQL/);
      expect(cold.code).toBe(0);
      expect(cold.stdout).toMatch(/created in the standalone/);

      // The standalone's own start reuses the data directory and finds the admin there.
      const pg = await startStandalonePostgres(dataDir, port);
      try {
        await expect(verifyPassword(PASSWORD, String(await passwordHashOf(pg.url, 'ensimmainen')))).resolves.toBe(true);
        const warm = await runCli(['--username', 'toinen'], { stdin: `${PASSWORD}\n`, env });
        expect(warm.stderr).toMatch(/Using the running standalone database/);
        expect(warm.code).toBe(0);
        expect(await passwordHashOf(pg.url, 'toinen')).toMatch(/^scrypt\$/);

        const elsewhere = await runCli(['--username', 'kolmas'], { stdin: `${PASSWORD}\n`, env: { DATA_DIR: path.join(dataDir, 'other'), PG_PORT: String(port) } });
        expect(elsewhere.code).toBe(2);
        expect(elsewhere.stderr).toMatch(/keeps its data in/);
      } finally {
        await pg.stop();
      }
    });
  });
});
