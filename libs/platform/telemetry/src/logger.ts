import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { LoggerService, LogLevel } from '@nestjs/common';
import { redactTokenPaths } from './redact';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The trace and span id of the active span, for log lines and error reports. */
export function currentTraceIds(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}

/**
 * Nest LoggerService writing one JSON object per line to stdout (stderr for errors), carrying the active
 * trace_id/span_id so a log line can be joined with its trace, with the tokens of mail links in paths redacted
 * (`redactTokenPaths`). Used when LOG_FORMAT=json (the images set it).
 */
export class JsonLogger implements LoggerService {
  private levels = new Set<LogLevel>(['fatal', 'error', 'warn', 'log']);

  constructor(
    private readonly service: string,
    private readonly write: (line: string, level: LogLevel) => void = (line, level) => (level === 'error' || level === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`),
  ) {}

  setLogLevels(levels: LogLevel[]): void {
    this.levels = new Set(levels);
    // 'fatal' is always on when 'error' is.
    if (this.levels.has('error')) this.levels.add('fatal');
  }

  log(message: unknown, ...params: unknown[]): void {
    this.emit('log', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.emit('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.emit('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.emit('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.emit('verbose', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.emit('fatal', message, params);
  }

  private emit(level: LogLevel, message: unknown, params: unknown[]): void {
    if (!this.levels.has(level)) return;
    const rest = [...params];
    // Nest passes the context last; errors may carry a stack before it.
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, service: this.service };
    if (context) entry.context = context;
    if (message instanceof Error) {
      entry.message = message.message;
      entry.stack = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      // A logged object's own fields, except the three every line must carry unchanged.
      const { time: _time, level: _level, service: _service, ...fields } = message as Record<string, unknown>;
      Object.assign(entry, fields);
    } else {
      entry.message = String(message);
    }
    for (const param of rest) {
      if (typeof param === 'string' && param.includes('\n    at ')) entry.stack = param;
      else if (param instanceof Error) entry.stack = param.stack;
      else if (param !== undefined) entry.details = param;
    }
    Object.assign(entry, currentTraceIds());
    let line: string;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = JSON.stringify({ ...entry, details: '[unserialisable]' });
    }
    // A link's token in a request path (an error message, a client error report's page) is written `:token`.
    this.write(redactTokenPaths(line), level);
  }
}

export function levelsUpTo(level: 'error' | 'warn' | 'log' | 'debug'): LogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(level) + 1);
}
