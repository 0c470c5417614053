import { JsonLogger, levelsUpTo } from './logger';
import { telemetry } from './sdk';

/** With LOG_FORMAT=json (set by the images and the chart), every Nest Logger writes JSON lines with trace ids. */
export function installJsonLogger(env: Record<string, string | undefined> = process.env): JsonLogger | undefined {
  if (env.LOG_FORMAT !== 'json') return undefined;
  // Loaded here, after the SDK has started, so @nestjs/common is not pulled in before the instrumentations.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Logger } = require('@nestjs/common') as typeof import('@nestjs/common');
  const level = (['error', 'warn', 'log', 'debug'] as const).find((l) => l === env.LOG_LEVEL) ?? 'log';
  const logger = new JsonLogger(telemetry()?.serviceName ?? env.OTEL_SERVICE_NAME ?? 'hintakori');
  logger.setLogLevels(levelsUpTo(level));
  Logger.overrideLogger(logger);
  return logger;
}
