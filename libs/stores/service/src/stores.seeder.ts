import { BootLatch } from '@hintakori/platform-persistence';
import { generateDemoData } from '@hintakori/demo-data';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { helsinkiDate } from './opening-window';
import { STORES_SEED_FROM_FEED } from './seed-options';
import { StoreImportRepository } from './store-import.repository';

export interface SeedResult {
  seeded: boolean;
  stores: number;
  offers: number;
  /** Time spent generating the demo data set, then writing the stores part of it. */
  generateMs: number;
  writeMs: number;
}

/**
 * Loads the stores part of the demo data set when SEED_DEMO_DATA is on and there are no stores yet
 * (not with SEED_FROM_FEED: then stores and offers come from a feed run).
 * The transaction-scoped advisory lock makes a second replica wait and then find the tables full.
 */
@Injectable()
export class StoresSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('StoresSeeder');
  private readonly latch = new BootLatch();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly importer: StoreImportRepository,
    @Inject(STORES_SEED_FROM_FEED) private readonly seedFromFeed: boolean,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.latch.run(async () => {
      if (this.config.seedDemoData && !this.seedFromFeed) await this.seed();
    });
  }

  /** Resolves when boot-time seeding is over (the event consumers start after it). */
  ready(): Promise<void> {
    return this.latch.ready();
  }

  seed(now = new Date()): Promise<SeedResult> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('hintakori:stores:seed-demo-data'))`);
      if (await this.importer.hasStores(manager)) return { seeded: false, stores: 0, offers: 0, generateMs: 0, writeMs: 0 };
      const started = performance.now();
      const data = generateDemoData({ today: helsinkiDate(now) });
      const generated = performance.now();
      await this.importer.upsertStores(manager, data.stores);
      await this.importer.upsertWeeklyHours(
        manager,
        data.stores.flatMap((store) => store.weeklyHours.map((hours) => ({ storeId: store.id, ...hours }))),
      );
      await this.importer.upsertExceptions(
        manager,
        data.stores.flatMap((store) => store.exceptions.map((exception) => ({ storeId: store.id, ...exception }))),
      );
      this.logger.log(`stores: seeded ${data.stores.length} stores with opening hours`);
      await this.importer.upsertOffers(manager, data.offers, (written) => this.logger.log(`stores: seeded ${written}/${data.offers.length} offers`));
      const generateMs = Math.round(generated - started);
      const writeMs = Math.round(performance.now() - generated);
      this.logger.log(`stores: demo data seeded in ${generateMs + writeMs} ms (generating ${generateMs} ms, writing ${writeMs} ms)`);
      return { seeded: true, stores: data.stores.length, offers: data.offers.length, generateMs, writeMs };
    });
  }
}
