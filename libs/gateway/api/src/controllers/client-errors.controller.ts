import { Controller, HttpCode, Logger, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Type } from 'typebox';
import { errorResponses, ok } from '../dto/schemas';
import { Input, Route, routeContract, RouteInput } from '../http/contract';

const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { 'x-expected': `text of at most ${maxLength} characters, or null` }));

/** What the web app reports about an error that reached its crash screen or the window. */
export const ClientErrorReport = Type.Object(
  {
    message: Type.String({ maxLength: 2000 }),
    stack: OptionalText(10000),
    /** Path and query of the page, never another origin. */
    url: Type.String({ maxLength: 2000, pattern: '^/', 'x-expected': 'a path on this site, starting with /' }),
    kind: Type.Union([Type.Literal('boundary'), Type.Literal('window'), Type.Literal('promise')], {
      'x-expected': 'one of boundary, window, promise',
      description: "'boundary' (React crash screen) | 'window' (uncaught error) | 'promise' (unhandled rejection)",
    }),
    release: OptionalText(100),
  },
  { additionalProperties: false },
);

export const clientErrorsContract = routeContract({
  body: ClientErrorReport,
  responses: { 204: ok('Recorded'), ...errorResponses({ 400: 'Body not JSON, or a missing, bad or unknown field', 413: 'Body over 100 kB' }) },
});

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
  @Route(clientErrorsContract)
  report(@Input() { body }: RouteInput<typeof clientErrorsContract>): void {
    this.received++;
    const report = { message: body.message, stack: body.stack ?? null, url: body.url, kind: body.kind, release: body.release ?? null };
    this.logger.warn(JSON.stringify({ event: 'client_error', count: this.received, ...report }));
  }
}
