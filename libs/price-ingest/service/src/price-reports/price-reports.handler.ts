import { PriceIngestPatterns, SubmitPriceReportRequest, type SubmitPriceReportResult } from '@hintakori/price-ingest-contracts';
import { ValidPayload } from '@hintakori/platform-messaging';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { PriceReportsService } from './price-reports.service';

/** Shoppers' price reports from the gateway; the payload is checked against its contract schema before it gets here. */
@Controller()
export class PriceReportsHandler {
  constructor(private readonly reports: PriceReportsService) {}

  @MessagePattern(PriceIngestPatterns.SubmitPriceReport)
  submit(@ValidPayload(SubmitPriceReportRequest) request: SubmitPriceReportRequest): Promise<SubmitPriceReportResult> {
    return this.reports.submit(request);
  }
}
