import { BadRequestException, Body, Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

/** What the web app reports about an error that reached its crash screen or the window. */
export interface ClientErrorReport {
  message: string;
  stack: string | null;
  /** Path and query of the page, never another origin. */
  url: string;
  /** 'boundary' (React crash screen) | 'window' (uncaught error) | 'promise' (unhandled rejection). */
  kind: 'boundary' | 'window' | 'promise';
  release: string | null;
}

const KINDS = new Set(['boundary', 'window', 'promise']);
const LIMITS = { message: 2000, stack: 10000, url: 2000, release: 100 };

function text(body: Record<string, unknown>, key: keyof typeof LIMITS, required: boolean): string | null {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw new BadRequestException(`${key} is required`);
    return null;
  }
  if (typeof value !== 'string') throw new BadRequestException(`${key} must be a string`);
  if (value.length > LIMITS[key]) throw new BadRequestException(`${key} must be at most ${LIMITS[key]} characters, got ${value.length}`);
  return value;
}

/** Validates a client error report; throws a 400 that names the problem. */
export function parseClientErrorReport(raw: unknown): ClientErrorReport {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new BadRequestException('body must be a JSON object');
  const body = raw as Record<string, unknown>;
  const kind = body.kind;
  if (typeof kind !== 'string' || !KINDS.has(kind)) throw new BadRequestException('kind must be one of boundary, window, promise');
  const url = text(body, 'url', true) as string;
  if (!url.startsWith('/')) throw new BadRequestException('url must be a path on this site, starting with /');
  return { message: text(body, 'message', true) as string, stack: text(body, 'stack', false), url, kind: kind as ClientErrorReport['kind'], release: text(body, 'release', false) };
}

/**
 * The web app's error-reporting endpoint (spec §7 "an error-reporting service"): reports are validated and
 * written to the gateway's log as one structured line each, where the log pipeline picks them up.
 */
@ApiTags('client errors')
@Controller('client-errors')
export class ClientErrorsController {
  private readonly logger = new Logger('ClientError');
  private received = 0;

  @Post()
  @HttpCode(204)
  @ApiOperation({ summary: 'Report an error that happened in the web app' })
  @ApiBody({ schema: { type: 'object', required: ['message', 'url', 'kind'], properties: { message: { type: 'string' }, stack: { type: 'string' }, url: { type: 'string' }, kind: { enum: ['boundary', 'window', 'promise'] }, release: { type: 'string' } } } })
  @ApiNoContentResponse({ description: 'Recorded' })
  report(@Body() body: unknown): void {
    const report = parseClientErrorReport(body);
    this.received++;
    this.logger.warn(JSON.stringify({ event: 'client_error', count: this.received, ...report }));
  }
}
