/**
 * One request's trace crosses the gateway and a service through real Kafka, down to PostgreSQL.
 * Runs the built apps as real processes (dist/, as in the images) — the gateway and catalog in the distributed
 * profile — on the real Kafka and PostgreSQL of jest.contracts.config.js, with their OTLP/HTTP exporters pointed
 * at a receiver in this test. Also checks the Prometheus endpoints and the SIGTERM drain of both processes.
 * Shares the consumer group "catalog" with any distributed stack on the same broker: run it under
 * `flock /tmp/stack.lock` when one might be running.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo, createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';

const ROOT = path.resolve(__dirname, '../../../..');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface CollectedSpan extends OtlpSpan {
  service: string;
}

const spans: CollectedSpan[] = [];
let receiver: Server;
let receiverUrl: string;
let database: { url: string; drop(): Promise<void> };

/** A fresh database on the test PostgreSQL of the global setup (as @hintakori/testing does; a util lib cannot use it). */
async function createDatabase(): Promise<typeof database> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run with jest -c jest.contracts.config.js');
  const name = `t_trace_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
const processes: { name: string; child: ChildProcess; output: string[]; exit: Promise<string> }[] = [];
let gatewayPort: number;
let gatewayMetricsPort: number;
let catalogPort: number;
let catalogMetricsPort: number;

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

function startApp(name: string, entry: string, env: Record<string, string>): void {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HINTAKORI_PROFILE: 'distributed',
      DATABASE_URL: database.url,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:59092',
      // A Redis database of its own so the gateway's response cache cannot answer from another run.
      REDIS_URL: process.env.TRACE_TEST_REDIS_URL ?? 'redis://127.0.0.1:56379/9',
      SEED_DEMO_DATA: 'false',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'log',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRIC_EXPORT_INTERVAL: '600000',
      SHUTDOWN_GRACE_MS: '20000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exit = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(code === null ? `signal ${signal}` : `code ${code}`)));
  processes.push({ name, child, output, exit });
}

async function waitFor(what: string, check: () => Promise<boolean>, attempts = 240): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    for (const p of processes) {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}) while waiting for ${what}:\n${p.output.join('').slice(-3000)}`);
    }
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`gave up waiting for ${what}:\n${processes.map((p) => `--- ${p.name}\n${p.output.join('').slice(-2000)}`).join('\n')}`);
}

const attr = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;
const isPostgres = (span: OtlpSpan) => (attr(span, 'db.system.name') ?? attr(span, 'db.system'))?.stringValue === 'postgresql';

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['tools/build/build-node.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
  const redis = spawnSync(process.execPath, ['--input-type=module', '-e', "const infra = await import('./tools/infra/lib.mjs'); await infra.startRedis();"], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (redis.status !== 0) throw new Error(`redis: ${redis.stderr}`);
  database = await createDatabase();
  await startReceiver();
  [gatewayPort, gatewayMetricsPort, catalogPort, catalogMetricsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  startApp('catalog', 'dist/apps/catalog/src/main.js', { PORT: String(catalogPort), METRICS_PORT: String(catalogMetricsPort) });
  await waitFor('catalog readiness (database and Kafka group joined)', async () => (await fetch(`http://127.0.0.1:${catalogPort}/ready`)).status === 200);
  startApp('gateway', 'dist/apps/gateway/src/main.js', { PORT: String(gatewayPort), METRICS_PORT: String(gatewayMetricsPort) });
  await waitFor('gateway health', async () => (await fetch(`http://127.0.0.1:${gatewayPort}/api/health`)).ok);
  // The gateway's reply consumer joins its group after the HTTP port opens: wait until catalog answers through it.
  await waitFor('catalog answering through the gateway', async () => (await fetch(`http://127.0.0.1:${gatewayPort}/api/categories`)).status === 200);
}, 240_000);

afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await new Promise((resolve) => receiver?.close(resolve));
  await database?.drop();
});

describe('trace context across gateway → Kafka → catalog → PostgreSQL', () => {
  let traceId: string;

  it('answers a catalog request through Kafka and exports one trace spanning both processes', async () => {
    // A search nobody has made before: the gateway's response cache cannot answer it, so it goes over Kafka.
    const search = `maito${randomBytes(4).toString('hex')}`;
    const response = await fetch(`http://127.0.0.1:${gatewayPort}/api/items?search=${search}&storeIds=1,2`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);

    let gatewayServer: CollectedSpan | undefined;
    await waitFor('the spans of both processes', async () => {
      gatewayServer = spans.find((s) => s.service === 'hintakori-gateway' && s.kind === 2 && String(attr(s, 'url.query')?.stringValue ?? '').includes(search));
      if (!gatewayServer) return false;
      return spans.some((s) => s.traceId === gatewayServer!.traceId && s.service === 'hintakori-catalog' && isPostgres(s));
    }, 120).catch((error: Error) => {
      const summary = spans.map((s) => `${s.service} ${s.kind} ${s.name} trace=${s.traceId.slice(0, 8)} parent=${s.parentSpanId ?? '-'} ${JSON.stringify(s.attributes?.filter((a) => /query|db\.system|url/.test(a.key)))}`);
      throw new Error(`${error.message.slice(0, 300)}\nspans received:\n${summary.join('\n')}`);
    });
    traceId = gatewayServer!.traceId;
    const trace = spans.filter((s) => s.traceId === traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));

    // Gateway: the HTTP server span and the Kafka producer span of the request message, in the same trace.
    const producer = trace.find((s) => s.service === 'hintakori-gateway' && s.kind === 4 && /catalog\.items\.search/.test(s.name));
    expect(producer).toBeDefined();
    // Catalog: the Kafka consumer span is a child of the gateway's producer span (context came in the message headers).
    const consumer = trace.find((s) => s.service === 'hintakori-catalog' && s.kind === 5);
    expect(consumer).toBeDefined();
    expect(consumer!.parentSpanId).toBe(producer!.spanId);
    // …and the catalog's SQL ran inside it.
    const query = trace.find((s) => s.service === 'hintakori-catalog' && isPostgres(s));
    let ancestor = query && query.parentSpanId ? byId.get(query.parentSpanId) : undefined;
    while (ancestor && ancestor.spanId !== consumer!.spanId) ancestor = ancestor.parentSpanId ? byId.get(ancestor.parentSpanId) : undefined;
    expect(ancestor?.spanId).toBe(consumer!.spanId);
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['hintakori-gateway', 'hintakori-catalog']));
  });

  it('serves Prometheus metrics on the metrics ports only: HTTP latency on the gateway, Kafka consumer lag on the service', async () => {
    const gateway = await (await fetch(`http://127.0.0.1:${gatewayMetricsPort}/metrics`)).text();
    expect(gateway).toMatch(/^http_server_request_duration_bucket\{.*http_route="\/api\/items".*\} \d+/m);
    const catalog = await (await fetch(`http://127.0.0.1:${catalogMetricsPort}/metrics`)).text();
    // The gateway's item search asks for the answer as JSON text (CatalogPatterns.SearchItemsJson).
    expect(catalog).toMatch(/^hintakori_kafka_consumer_lag\{.*group="catalog".*topic="catalog\.items\.search-json".*\} \d+/m);
    // Not on the public port of the gateway, nor on the service's probe port.
    expect((await fetch(`http://127.0.0.1:${gatewayPort}/metrics`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${catalogPort}/metrics`)).status).toBe(404);
  });

  it('writes every log line as JSON with time, level and service', () => {
    const lines = processes
      .flatMap((p) => p.output.join('').split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    const malformed = lines.filter((line) => !(typeof line.time === 'string' && typeof line.level === 'string' && typeof line.service === 'string'));
    expect(malformed).toEqual([]);
  });

  it('drains and exits on SIGTERM, readiness turning false first', async () => {
    const catalog = processes.find((p) => p.name === 'catalog')!;
    const gateway = processes.find((p) => p.name === 'gateway')!;
    catalog.child.kill('SIGTERM');
    gateway.child.kill('SIGTERM');
    // The service exits 0 after draining; Nest's shutdown hooks close the gateway and re-raise the signal.
    expect(await catalog.exit).toBe('code 0');
    expect(['code 0', 'signal SIGTERM']).toContain(await gateway.exit);
    const catalogLog = catalog.output.join('');
    expect(catalogLog).toMatch(/SIGTERM: draining \(readiness is now false/);
    expect(catalogLog).toMatch(/drained in \d+ ms/);
  });
});
