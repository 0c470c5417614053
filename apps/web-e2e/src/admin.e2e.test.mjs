// The admin area through a real browser: 401 -> /app/login -> sign in -> back to /app/category-mappings,
// map an unmapped feed category, remove the mapping, sign out.
//   WEB_E2E_ADMIN_USERNAME / WEB_E2E_ADMIN_PASSWORD name an existing admin of the system under test. Without them,
//   when run.mjs booted its own standalone (port WEB_E2E_PORT, data .data/web-e2e), the admin is created with the CLI.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BASE_URL, cspViolationReport, launch, newContext } from './browser.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let username = process.env.WEB_E2E_ADMIN_USERNAME;
let password = process.env.WEB_E2E_ADMIN_PASSWORD;
let browser;
let page;

before(async () => {
  if (!username || !password) {
    const ownStandalone = new URL(BASE_URL).port === String(process.env.WEB_E2E_PORT || 3330);
    assert.ok(ownStandalone, 'set WEB_E2E_ADMIN_USERNAME and WEB_E2E_ADMIN_PASSWORD to test the admin area of a system run.mjs did not boot');
    username = `e2e-admin-${process.pid}`;
    password = `e2e-${process.pid}-${Date.now()}-salasana`;
    const cli = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/admin/create-admin.ts', '--username', username], {
      cwd: ROOT,
      input: `${password}\n`,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: path.resolve(ROOT, process.env.WEB_E2E_DATA_DIR || '.data/web-e2e'), PG_PORT: process.env.WEB_E2E_PG_PORT || '54338' },
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, `admin:create failed: ${cli.stderr}`);
  }
  browser = await launch();
  page = await (await newContext(browser, 1280)).newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
});

after(async () => {
  await browser?.close();
});

describe('admin area', () => {
  it('sends a visitor without a session to /app/login', async () => {
    await page.goto(`${BASE_URL}/app/category-mappings`);
    await page.waitForURL((url) => url.pathname === '/app/login');
    await page.getByRole('heading', { name: 'Kirjaudu sisään' }).waitFor();
  });

  it('refuses a wrong password in Finnish', async () => {
    await page.getByLabel('Käyttäjätunnus').fill(username);
    await page.getByLabel('Salasana').fill('väärä-salasana-123');
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await page.getByRole('alert').filter({ hasText: 'Väärä käyttäjätunnus tai salasana' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/app/login');
  });

  it('signs in and returns to the mappings page, with an HttpOnly cookie', async () => {
    await page.getByLabel('Salasana').fill(password);
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).click();
    await page.waitForURL((url) => url.pathname === '/app/category-mappings');
    await page.getByRole('heading', { name: 'Kategorioiden kohdistus' }).waitFor();
    const cookie = (await page.context().cookies(`${BASE_URL}/api/admin/session`)).find((c) => c.name === 'hk_admin');
    assert.ok(cookie, 'session cookie set');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(await page.evaluate(() => document.cookie.includes('hk_admin')), false);
  });

  it('maps an unmapped category and removes the mapping again', async () => {
    const row = page.getByTestId('unmapped-row').first();
    await row.waitFor();
    const name = (await row.locator('strong').textContent()).trim();
    await row.getByRole('combobox').fill('Muut');
    await row.getByRole('option').first().click();
    await row.getByRole('button', { name: `Kohdista ${name}` }).click();
    const mapping = page.getByTestId('mapping-row').filter({ hasText: name });
    await mapping.waitFor();
    await mapping.getByRole('button', { name: `Poista kohdistus ${name}` }).click();
    await mapping.waitFor({ state: 'detached' });
  });

  it('signs out', async () => {
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).click();
    await page.waitForURL((url) => url.pathname === '/app/login');
    const status = await page.evaluate(async () => (await fetch('/api/admin/session', { credentials: 'include' })).status);
    assert.equal(status, 401);
  });
});

describe('security headers (admin pages)', () => {
  it('no admin page broke the Content-Security-Policy', () => {
    assert.equal(cspViolationReport(), '');
  });
});
