import { IngestStatus, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

@Controller()
export class PriceIngestHandler {
  /** Feed runs arrive with the ingest pipeline; until then no source has reported. */
  @MessagePattern(PriceIngestPatterns.Status)
  status(): IngestStatus {
    return { sources: [] };
  }
}
