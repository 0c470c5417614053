import { CACHE_STORE, type CacheStore } from '@hintakori/platform-cache';
import { APP_CONFIG } from '@hintakori/platform-config';
import { PRICE_REPORT_LIMITS, priceReportProblem, PriceReport } from '@hintakori/price-ingest-contracts';
import { gtinCheckDigit } from '@hintakori/shared-util';
import { BadRequestException, Controller, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Backend } from '../backend';
import { ErrorBody, errorResponses, NoQuery, ok } from '../dto/schemas';
import type { GatewayConfig } from '../gateway-config';
import { Input, Route, routeContract, RouteInput } from '../http/contract';
import { countPriceReport, limitClient, reportClient, TooManyReports } from '../http/price-report-limit';

const { perHour, maxBodyBytes } = PRICE_REPORT_LIMITS;

export const priceReportContract = routeContract({
  query: NoQuery,
  body: PriceReport,
  responses: {
    202: ok('Received (whatever becomes of it: published, waiting for a confirmation, a duplicate or older than the store\'s price); no body'),
    ...errorResponses({
      400: 'A missing, bad or unknown field, a wrong EAN check digit, an unknown storeId, regularPrice below price, comparisonPrice without comparisonUnit (or the other way), seenAt in the future or over a day old',
      413: `Body over ${maxBodyBytes / 1024} kB`,
    }),
    429: { description: `More than PRICE_REPORTS_PER_HOUR (default ${perHour}) reports from this client in an hour; with Retry-After (seconds)`, schema: ErrorBody },
  },
});

/** Shoppers' price reports from the browser extension: price-ingest takes them in as the source `shoppers`. */
@ApiTags('price reports')
@Controller('price-reports')
export class PriceReportsController {
  constructor(
    private readonly backend: Backend,
    @Inject(CACHE_STORE) private readonly store: CacheStore,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Share a price a shop\'s own page shows (the browser extension, only when the shopper has turned sharing on)',
    description:
      `A price in cents of a product (EAN) in a Hintakori store, seen at seenAt (at most 2 minutes ahead, 24 hours old). ` +
      `It becomes the store's price, source "shoppers", unless the chain's own source priced the store after seenAt. ` +
      `One more than 50 % away from the store's known price waits until a report of another client within 5 % of it confirms it. ` +
      `The same report (client, store, EAN, prices) within 10 minutes counts once. At most PRICE_REPORTS_PER_HOUR (${perHour}) a client an hour. ` +
      'Nothing about the client is kept but a keyed hash of its address, to tell one client from another.',
  })
  @Route(priceReportContract)
  async report(@Input() { body }: RouteInput<typeof priceReportContract>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    // The rules beside the schema first: a refused report costs the client none of its hourly allowance.
    const problem = priceReportProblem(body, Date.now(), gtinCheckDigit);
    if (problem !== null) throw new BadRequestException(problem);
    const options = this.config.priceReports;
    await countPriceReport(this.store, options, limitClient(req.ip), body).catch((error: unknown) => {
      if (error instanceof TooManyReports) res.setHeader('Retry-After', String(error.retryAfter));
      throw error;
    });
    await this.backend.submitPriceReport({ ...body, client: reportClient(req.ip, options.clientSecret) });
  }
}
