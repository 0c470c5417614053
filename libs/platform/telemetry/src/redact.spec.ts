import { SpanKind } from '@opentelemetry/api';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { JsonLogger } from './logger';
import { redactedRequestAttributes, redactTokenPaths } from './redact';

const TOKEN = 'kQ3_x-9ZpL0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV';

describe('token paths in logs and spans', () => {
  it.each([
    [`/api/alerts/manage/${TOKEN}`, '/api/alerts/manage/:token'],
    [`/api/alerts/manage/${TOKEN}/watches/12`, '/api/alerts/manage/:token/watches/12'],
    [`/api/alerts/confirm/${TOKEN}`, '/api/alerts/confirm/:token'],
    [`/api/alerts/unsubscribe/${TOKEN}`, '/api/alerts/unsubscribe/:token'],
    [`/hintavahti/vahvista/${TOKEN}`, '/hintavahti/vahvista/:token'],
    [`/hintavahti/${TOKEN}?lopeta=1`, '/hintavahti/:token?lopeta=1'],
    [`GET https://hintakori.fi/hintavahti/${TOKEN} failed; see /api/alerts/manage/${TOKEN}`, 'GET https://hintakori.fi/hintavahti/:token failed; see /api/alerts/manage/:token'],
  ])('writes %s as %s', (input, expected) => {
    expect(redactTokenPaths(input)).toBe(expected);
  });

  it('leaves other paths, route patterns and the bare pages alone', () => {
    for (const path of ['/api/alerts', '/api/alerts/manage/:token', '/hintavahti/vahvista', '/hintavahti/vahvista/', '/api/items/12', '/tuotteet/kahvi-12']) {
      expect(redactTokenPaths(path)).toBe(path);
    }
  });

  it('gives a server span of a token path a redacted url.path, and other paths nothing', () => {
    expect(redactedRequestAttributes({ url: `/api/alerts/unsubscribe/${TOKEN}?x=1` })).toEqual({ 'url.path': '/api/alerts/unsubscribe/:token' });
    expect(redactedRequestAttributes({ url: '/api/items?search=maito' })).toEqual({});
  });

  it('writes :token, not the token, in a JSON log line', () => {
    const lines: string[] = [];
    const logger = new JsonLogger('hintakori-test', (line) => lines.push(line));
    logger.warn(JSON.stringify({ event: 'client_error', url: `/hintavahti/${TOKEN}` }), 'ClientError');
    logger.error(new Error(`POST /api/alerts/confirm/${TOKEN} failed`));
    expect(lines.join('\n')).not.toContain(TOKEN);
    expect(JSON.parse(JSON.parse(lines[0]).message as string)).toEqual({ event: 'client_error', url: '/hintavahti/:token' });
    expect(JSON.parse(lines[1]).message).toBe('POST /api/alerts/confirm/:token failed');
  });

  it('records url.path with :token on the server span of a real request through the http instrumentation', async () => {
    // In a Node process of its own: the instrumentation patches `http` through Node's require, which jest's module
    // loader bypasses. The process starts the instrumentation as register.ts does, before `http` is loaded.
    const script = `
      const { trace } = require('@opentelemetry/api');
      const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
      const { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } = require('@opentelemetry/sdk-trace');
      const { httpInstrumentationConfig } = require(${JSON.stringify(path.join(__dirname, 'sdk.ts'))});
      const exporter = new InMemorySpanExporter();
      const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
      trace.setGlobalTracerProvider(provider);
      const instrumentation = new HttpInstrumentation(httpInstrumentationConfig());
      instrumentation.setTracerProvider(provider);
      instrumentation.enable();
      const http = require('node:http');
      const server = http.createServer((req, res) => res.end('ok'));
      server.listen(0, '127.0.0.1', () => {
        http.get({ host: '127.0.0.1', port: server.address().port, path: '/api/alerts/manage/${TOKEN}?x=1' }, (res) => {
          res.resume();
          res.on('end', () => server.close(() => {
            const spans = exporter.getFinishedSpans().map((s) => ({ kind: s.kind, name: s.name, attributes: s.attributes }));
            process.stdout.write(JSON.stringify(spans));
          }));
        });
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: path.resolve(__dirname, '../../../..'), timeout: 60_000 });
    const spans = JSON.parse(stdout) as { kind: number; name: string; attributes: Record<string, unknown> }[];
    const server = spans.filter((s) => s.kind === SpanKind.SERVER);
    expect(server).toHaveLength(1);
    expect(server[0].attributes['url.path']).toBe('/api/alerts/manage/:token');
    expect(JSON.stringify(server)).not.toContain(TOKEN);
  }, 60_000);
});
