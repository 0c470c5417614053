import { BootLatch } from '@hintakori/platform-persistence';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { demoObservation, type DemoPrice } from '@hintakori/demo-data';
import type { PriceObservation } from '@hintakori/price-ingest-contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DataSource, EntityManager } from 'typeorm';
import { CategoryRepository } from '../categories/category.repository';
import { CategoryService } from '../categories/category.service';
import { ItemRepository, NewItem } from '../items/item.repository';
import { PRICE_CHUNK_SIZE, StorePriceProjection } from '../prices/store-price.projection';
import { CATALOG_SEED_FROM_FEED } from './seed-options';

/** Held for the seeding transaction, so two replicas starting together never seed twice. */
const SEED_LOCK_SQL = `SELECT pg_advisory_xact_lock(hashtextextended('hintakori.catalog.seed', 0))`;
const ITEM_CHUNK_SIZE = 5000;
const PROGRESS_EVERY = 50_000;

/**
 * Loads the catalog's part of the demo data set (categories, items, current prices) into an empty database;
 * with SEED_FROM_FEED only the category tree (items and prices then arrive as events from a feed run).
 */
@Injectable()
export class CatalogSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('CatalogSeeder');
  private readonly latch = new BootLatch();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly categoryRepository: CategoryRepository,
    private readonly itemRepository: ItemRepository,
    private readonly prices: StorePriceProjection,
    private readonly categories: CategoryService,
    @Inject(CATALOG_SEED_FROM_FEED) private readonly seedFromFeed: boolean,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.latch.run(async () => {
      if (this.config.seedDemoData) await this.seedIfEmpty();
    });
  }

  /** Resolves when boot-time seeding is over (the event consumers start after it). */
  ready(): Promise<void> {
    return this.latch.ready();
  }

  /** Returns true when this call seeded the data set, false when the catalog already had data. */
  async seedIfEmpty(): Promise<boolean> {
    if (await this.hasData(this.dataSource.manager)) return false;
    const started = Date.now();
    const seeded = await this.dataSource.transaction(async (manager) => {
      await manager.query(SEED_LOCK_SQL);
      if (await this.hasData(manager)) return false;
      await this.seed(manager);
      return true;
    });
    this.categories.invalidate();
    if (seeded) {
      // Fresh statistics and visibility map: the planner picks the search indexes and index-only price counts at once.
      await this.dataSource.query('VACUUM (ANALYZE) catalog.categories, catalog.items, catalog.store_prices, catalog.price_history');
      this.logger.log(`catalog: demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return seeded;
  }

  private async hasData(manager: EntityManager): Promise<boolean> {
    const [row]: { present: boolean }[] = await manager.query(
      this.seedFromFeed
        ? 'SELECT EXISTS (SELECT 1 FROM catalog.categories) AS present'
        : 'SELECT EXISTS (SELECT 1 FROM catalog.categories) OR EXISTS (SELECT 1 FROM catalog.items) AS present',
    );
    return row.present;
  }

  private async seed(manager: EntityManager): Promise<void> {
    // Loaded only when seeding: the generator is not needed by a running service.
    const { generateDemoData } = await import('@hintakori/demo-data');
    const data = generateDemoData();
    await this.categoryRepository.insertMany(manager, data.categories);
    this.logger.log(`catalog: seeded ${data.categories.length} categories`);
    if (this.seedFromFeed) return; // items and prices come from the feed run

    for (let start = 0; start < data.items.length; start += ITEM_CHUNK_SIZE) {
      const chunk = data.items.slice(start, start + ITEM_CHUNK_SIZE).map((item): NewItem => ({
        id: item.id,
        ean: item.ean,
        name: item.name,
        urlSlug: item.urlSlug,
        pictureUrl: item.pictureUrl,
        brandName: item.brandName,
        originCountry: item.originCountry,
        description: item.description,
        ingredients: item.ingredients,
        nutritionalContent: item.nutritionalContent,
        categoryId: item.categoryId,
      }));
      await this.itemRepository.insertMany(manager, chunk);
    }
    this.logger.log(`catalog: seeded ${data.items.length} items`);

    // Each pair's earlier prices first: the price history (catalog.price_history) reaches 60 days back for the price levels.
    await this.seedPrices(manager, data.pricesWithHistory(), data.priceWithHistoryCount);
  }

  /**
   * Streams the ~300k prices through the projection in chunks. The next chunk is generated while
   * PostgreSQL writes the previous one (one statement in flight: the transaction has one connection).
   */
  private async seedPrices(manager: EntityManager, prices: Iterable<DemoPrice>, total: number): Promise<void> {
    let inFlight: Promise<void> = Promise.resolve();
    let done = 0;
    let nextReport = PROGRESS_EVERY;
    const write = async (rows: PriceObservation[]) => {
      await inFlight;
      inFlight = this.prices.applyPriceObservations(rows, manager).then(() => {
        done += rows.length;
        if (done >= nextReport) {
          this.logger.log(`catalog: seeded ${done}/${total} prices`);
          nextReport = done + PROGRESS_EVERY;
        }
      });
      inFlight.catch(() => undefined); // awaited below; keeps the rejection from counting as unhandled meanwhile
      await yieldToEventLoop(); // lets the statement go out before the next chunk is generated
    };
    let batch: PriceObservation[] = [];
    for (const price of prices) {
      batch.push(demoObservation(price));
      if (batch.length === PRICE_CHUNK_SIZE) {
        await write(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await write(batch);
    await inFlight;
    this.logger.log(`catalog: seeded ${done}/${total} prices`);
  }
}
