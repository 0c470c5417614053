import { APP_CONFIG } from '@hintakori/platform-config';
import { CACHE_STORE, MemoryCacheStore } from '@hintakori/platform-cache';
import { clientToken } from '@hintakori/platform-messaging';
import { metricsPortRoute } from '@hintakori/platform-telemetry';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { Backend } from '../backend';
import { HealthController } from '../controllers/health.controller';
import { ResponseCache } from './response-cache';
import { PageOptions } from './page-options';
import { configureGateway } from '../setup';

/** The web build: index.html with the nonce placeholder, and a server part whose renders the test holds or lets go. */
function webBuild(): { webRoot: string; firstScreenModule: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'hk-pages-'));
  const webRoot = path.join(dir, 'web');
  mkdirSync(webRoot);
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="fi"><head><meta property="csp-nonce" nonce="HINTAKORI_CSP_NONCE"></head><body><div id="root"></div></body></html>',
  );
  const firstScreenModule = path.join(dir, 'web-ssr', 'first-screen.cjs');
  mkdirSync(path.dirname(firstScreenModule));
  writeFileSync(
    firstScreenModule,
    `const held = (globalThis.__hkRenders = []);
exports.firstScreenNeeds = (pathname) => (pathname === '/haku' || pathname === '/' ? { categories: false, itemId: null } : null);
exports.renderFirstScreen = (url) => {
  const screen = { html: '<main><h1>Haku</h1></main>', css: '.a{}' };
  if (!globalThis.__hkHold) return Promise.resolve(screen);
  return new Promise((resolve) => held.push({ url, done: () => resolve(screen) }));
};`,
  );
  return { webRoot, firstScreenModule };
}

const renders = () => (globalThis as unknown as { __hkRenders: { url: string; done: () => void }[] }).__hkRenders;
const hold = (on: boolean) => ((globalThis as unknown as { __hkHold: boolean }).__hkHold = on);

async function gateway(pages: PageOptions) {
  const services = [{ service: 'catalog', status: 'up' }];
  @Module({
    controllers: [HealthController],
    providers: [
      { provide: Backend, useValue: { health: async () => services, circuitStates: () => ({}) } },
      { provide: ResponseCache, useValue: { stats: () => ({ hits: 0, misses: 0 }) } },
      { provide: CACHE_STORE, useValue: new MemoryCacheStore() },
      { provide: APP_CONFIG, useValue: { profile: 'standalone' } },
      { provide: clientToken('price-ingest'), useValue: { send: () => ({ subscribe: () => undefined }) } },
    ],
  })
  class PagesTestModule {}
  const app = await NestFactory.create<NestExpressApplication>(PagesTestModule, { logger: ['error'], bodyParser: false });
  configureGateway(app, { ...webBuild(), rateLimitPerMinute: 1000, pages, firstScreenTimeoutMs: 60_000 });
  await app.init();
  return app;
}

const FIRST_SCREEN = 'id="first-screen"';

describe('the pages under a flood', () => {
  let app: NestExpressApplication;
  afterEach(async () => {
    hold(false);
    await app?.close();
  });

  it('turns a flood of searches from one client away with 429 and Retry-After, while the API answers that client', async () => {
    app = await gateway({ perMinute: 5, maxRenders: 4, rendersPerClientPerMinute: 0 });
    const server = app.getHttpServer();
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await request(server).get(`/haku?search=${randomUUID()}`).set('X-Forwarded-For', '203.0.113.9');
      statuses.push(res.status);
      refused ??= res.status === 429 ? res : undefined;
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.headers['content-type']).toMatch(/^text\/html/);
    expect(refused!.text).toContain('Liian monta sivua');
    // The same client's API calls count on their own.
    const health = await request(server).get('/api/health').set('X-Forwarded-For', '203.0.113.9');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    // Another client's pages are answered.
    expect((await request(server).get('/haku?search=maito').set('X-Forwarded-For', '203.0.113.10')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: rotating through it does not get around the limit', async () => {
    app = await gateway({ perMinute: 5, maxRenders: 4, rendersPerClientPerMinute: 0 });
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      statuses.push((await request(app.getHttpServer()).get('/').set('X-Forwarded-For', `2001:db8:1:2::${i.toString(16)}`)).status);
    }
    expect(statuses).toContain(429);
  });

  it('sends the plain app shell, with its nonce, for uncached pages beyond the renders at once; a cached page still goes rendered', async () => {
    app = await gateway({ perMinute: 0, maxRenders: 2, rendersPerClientPerMinute: 0 });
    const server = app.getHttpServer();
    // A page rendered and cached before the flood.
    const cached = await request(server).get('/haku?search=maito');
    expect(cached.text).toContain(FIRST_SCREEN);

    hold(true);
    const inFlight = [1, 2].map((i) => request(server).get(`/haku?search=slow-${i}`).then((res) => res));
    while (renders().length < 2) await new Promise((resolve) => setImmediate(resolve));

    const over = await request(server).get('/haku?search=one-more');
    expect(over.status).toBe(200);
    expect(over.text).not.toContain(FIRST_SCREEN);
    expect(over.text).not.toContain('first-screen-css');
    expect(over.text).toContain('<div id="root"></div>');
    const nonce = /'nonce-([^']+)'/.exec(String(over.headers['content-security-policy']))?.[1];
    expect(over.text).toContain(`nonce="${nonce}"`);
    expect(renders().map((r) => r.url)).toEqual(['/haku?search=slow-1', '/haku?search=slow-2']);

    // The cached page is not an uncached render: it goes out rendered even now.
    expect((await request(server).get('/haku?search=maito')).text).toContain(FIRST_SCREEN);

    for (const render of renders()) render.done();
    for (const res of await Promise.all(inFlight)) expect(res.text).toContain(FIRST_SCREEN);
  });

  it("sends the plain shell once a client has used its share of renders, and other clients' pages are rendered", async () => {
    app = await gateway({ perMinute: 0, maxRenders: 4, rendersPerClientPerMinute: 3 });
    const server = app.getHttpServer();
    const pages: string[] = [];
    for (let i = 0; i < 8; i++) pages.push((await request(server).get(`/haku?search=${randomUUID()}`).set('X-Forwarded-For', '198.51.100.1')).text);
    // At most 3 a minute (a second minute starting mid-run gives 3 more).
    expect(pages.filter((page) => page.includes(FIRST_SCREEN)).length).toBeLessThanOrEqual(6);
    expect(pages.filter((page) => !page.includes(FIRST_SCREEN)).length).toBeGreaterThanOrEqual(2);
    expect((await request(server).get(`/haku?search=${randomUUID()}`).set('X-Forwarded-For', '198.51.100.2')).text).toContain(FIRST_SCREEN);
  });
});

describe('readiness', () => {
  let app: NestExpressApplication;
  afterEach(async () => app?.close());

  it('answers the public /api/ready with the state only, and the probe port with each service', async () => {
    app = await gateway({ perMinute: 0, maxRenders: 4, rendersPerClientPerMinute: 0 });
    const pub = await request(app.getHttpServer()).get('/api/ready').expect(200);
    expect(pub.body).toEqual({ status: 'ready' });

    // GET /ready on the probe (metrics) port, served by the route configureGateway registered there.
    const probe = createServer((req, res) => (metricsPortRoute('/ready') ?? ((_q, s) => s.writeHead(404).end()))(req, res));
    const full = await request(probe).get('/ready').expect(200);
    expect(full.body).toMatchObject({ status: 'ready', profile: 'standalone', services: [{ service: 'catalog', status: 'up' }], dependencies: { catalog: 'up', cache: 'up' } });
  });

  it('fans a flood of the public /api/ready out to the services once, not per request', async () => {
    app = await gateway({ perMinute: 0, maxRenders: 4, rendersPerClientPerMinute: 0 });
    const backend = app.get(Backend) as unknown as { health: () => Promise<unknown> };
    const health = jest.spyOn(backend, 'health');
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(app.getHttpServer()).get('/api/ready')));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(health.mock.calls.length).toBeLessThanOrEqual(2);
  });
});
