import { JsonLogger, levelsUpTo } from './logger';
import { telemetry } from './sdk';
import type { TelemetryConfig } from './telemetry-config';

/** With LOG_FORMAT=json (set by the images and the chart), every Nest Logger writes JSON lines with trace ids. */
export function installJsonLogger(config: Pick<TelemetryConfig, 'logFormat' | 'logLevel' | 'serviceName'>): JsonLogger | undefined {
  if (config.logFormat !== 'json') return undefined;
  // Loaded here, after the SDK has started, so @nestjs/common is not pulled in before the instrumentations.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Logger } = require('@nestjs/common') as typeof import('@nestjs/common');
  const logger = new JsonLogger(telemetry()?.serviceName ?? config.serviceName);
  logger.setLogLevels(levelsUpTo(config.logLevel));
  Logger.overrideLogger(logger);
  return logger;
}
