import { context, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { JsonLogger } from './logger';

describe('JsonLogger', () => {
  const manager = new AsyncLocalStorageContextManager().enable();
  beforeAll(() => context.setGlobalContextManager(manager));
  afterAll(() => context.disable());

  function capture() {
    const lines: { line: Record<string, unknown>; level: string }[] = [];
    const logger = new JsonLogger('hintakori-test', (line, level) => lines.push({ line: JSON.parse(line) as Record<string, unknown>, level }));
    return { logger, lines };
  }

  it('writes one JSON object per call with level, service, context and message', () => {
    const { logger, lines } = capture();
    logger.log('started', 'Bootstrap');
    expect(lines).toHaveLength(1);
    expect(lines[0].line).toMatchObject({ level: 'log', service: 'hintakori-test', context: 'Bootstrap', message: 'started' });
    expect(typeof lines[0].line.time).toBe('string');
    expect(lines[0].line.trace_id).toBeUndefined();
  });

  it("keeps time, level and service when a logged object has fields of those names", () => {
    const { logger, lines } = capture();
    logger.warn({ level: 4, time: 1732406400, service: 'kafkajs', message: 'Connection timeout', broker: '127.0.0.1:59092' }, 'kafkajs');
    expect(lines[0].line).toMatchObject({ level: 'warn', service: 'hintakori-test', message: 'Connection timeout', broker: '127.0.0.1:59092' });
    expect(typeof lines[0].line.time).toBe('string');
  });

  it('carries the trace and span id of the active span', () => {
    const { logger, lines } = capture();
    const span = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED });
    context.with(trace.setSpan(context.active(), span), () => logger.warn('slow query', 'Catalog'));
    expect(lines[0].line).toMatchObject({ level: 'warn', trace_id: '0af7651916cd43dd8448eb211c80319c', span_id: 'b7ad6b7169203331' });
  });

  it('keeps the stack of an error and honours the log levels', () => {
    const { logger, lines } = capture();
    logger.setLogLevels(['error']);
    logger.log('hidden');
    logger.error('failed', 'Error: x\n    at f (file.js:1:1)', 'Kafka');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', line: { message: 'failed', context: 'Kafka', stack: 'Error: x\n    at f (file.js:1:1)' } });
  });
});
