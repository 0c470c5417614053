import { IngestStatus, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { FeedRunsRepository } from './runs/feed-runs.repository';

@Controller()
export class PriceIngestHandler {
  constructor(private readonly runs: FeedRunsRepository) {}

  /** The newest observation per source (completed runs and runs in progress). */
  @MessagePattern(PriceIngestPatterns.Status)
  async status(): Promise<IngestStatus> {
    return { sources: await this.runs.freshness() };
  }
}
