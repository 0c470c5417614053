import { BootLatch } from '@hintakori/platform-persistence';
import { demoObservation, generateDemoData } from '@hintakori/demo-data';
import { helsinkiToday } from '@hintakori/shared-util';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { PROJECTION_BATCH_SIZE, PriceMatrixProjection } from './price-matrix.projection';
import { PriceMatrixRepository } from './price-matrix.repository';
import { COMPARISONS_SEED_FROM_FEED } from './seed-options';

const PROGRESS_EVERY = 50_000;

/**
 * Loads the demo prices into an empty price matrix at boot when SEED_DEMO_DATA is on (not with
 * SEED_FROM_FEED: then the prices come from a feed run as events).
 * Runs in one transaction under an advisory lock so two replicas never seed twice.
 */
@Injectable()
export class ComparisonsSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('ComparisonsSeeder');
  private readonly latch = new BootLatch();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly prices: PriceMatrixRepository,
    private readonly projection: PriceMatrixProjection,
    @Inject(COMPARISONS_SEED_FROM_FEED) private readonly seedFromFeed: boolean,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.latch.run(async () => {
      if (this.config.seedDemoData && !this.seedFromFeed) await this.seed();
    });
  }

  /** Resolves when boot-time seeding is over (the price consumer starts after it). */
  ready(): Promise<void> {
    return this.latch.ready();
  }

  /** Seeds when the matrix is empty; returns the number of price rows written (0 when there was nothing to do). */
  async seed(): Promise<number> {
    if (!(await this.prices.isEmpty())) return 0;
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('hintakori:comparisons:seed'))`);
      if (!(await this.prices.isEmpty(manager))) return 0;
      return this.seedPrices(manager);
    });
  }

  private async seedPrices(manager: EntityManager): Promise<number> {
    const started = Date.now();
    const demo = generateDemoData({ today: helsinkiToday() });
    const total = demo.priceCount;
    let written = 0;
    let nextProgress = PROGRESS_EVERY;
    let pending: Promise<number> = Promise.resolve(0);
    let chunk: PriceObservation[] = [];

    // Build the next chunk in JS while the previous one is being inserted.
    const flush = async () => {
      const rows = chunk;
      chunk = [];
      written += await pending;
      pending = this.projection.applyPriceObservations(rows, manager);
      pending.catch(() => undefined); // awaited (and rethrown) by the next flush
      if (written >= nextProgress) {
        this.logger.log(`comparisons: seeded ${written}/${total} prices`);
        nextProgress = written - (written % PROGRESS_EVERY) + PROGRESS_EVERY;
      }
    };

    for (const price of demo.prices()) {
      chunk.push(demoObservation(price));
      if (chunk.length === PROJECTION_BATCH_SIZE) await flush();
    }
    await flush();
    written += await pending;
    this.logger.log(`comparisons: seeded ${written}/${total} prices in ${Date.now() - started} ms`);
    return written;
  }
}
