/**
 * The search evaluation: loads the demo data of one size into a catalog database, sends every query of the
 * evaluation set to the catalog service's SearchItems handler and checks whether the top result (top 1) or
 * one of the first three (top 3) lies in the category the query should find.
 *
 * The data is the demo data set that `npm run demo-data` writes as feeds and the standalone profile loads
 * through the ingest pipeline: the same generator, the same item names, ids and categories.
 */
import { CatalogPatterns, type CategoryDto, type ItemDto } from '@hintakori/catalog-contracts';
import type { DemoData, DemoPrice, DemoSize } from '@hintakori/demo-data';
import type { INestApplicationContext } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { firstValueFrom } from 'rxjs';
import { CategoryRepository } from '../categories/category.repository';
import { CategoryService } from '../categories/category.service';
import { ItemRepository } from '../items/item.repository';
import { StorePriceProjection } from '../prices/store-price.projection';
import { demoObservation } from '@hintakori/demo-data';
import { EVAL_SET, type EvalQuery } from './eval-set.testing';

/** Fixed, so that every run sees byte-identical data (only price timestamps depend on it). */
export const EVAL_TODAY = '2026-12-20';
export const TARGET_TOP1 = 0.9;
export const TARGET_TOP3 = 0.97;

export type EvalSize = Extract<DemoSize, 'small' | 'finland'>;

/** A shopper in Helsinki who chose one store of every chain there (the first by id): the stores the queries are sent with. */
export function evalStoreIds(data: DemoData): number[] {
  const seen = new Set<string>();
  const ids: number[] = [];
  for (const store of data.stores) {
    if (store.city !== 'Helsinki' || seen.has(store.chain)) continue;
    seen.add(store.chain);
    ids.push(store.id);
  }
  return ids;
}

const CHUNK = 5000;

function* pricesOf(data: DemoData, storeIds: ReadonlySet<number>): Generator<DemoPrice> {
  for (const [storeIndex, store] of data.stores.entries()) {
    if (!storeIds.has(store.id)) continue;
    for (let itemIndex = 0; itemIndex < data.items.length; itemIndex++) {
      const price = data.priceAt(storeIndex, itemIndex);
      if (price) yield price;
    }
  }
}

/**
 * Writes the demo data's categories, items and current prices into the catalog of the booted service `app`, through
 * the service's own writers (the repositories the seeder uses, and the price projection the feeds go through).
 * With `priceStoreIds`, only those stores' prices are loaded: ranking only looks at the chosen stores' prices, so
 * the answers are the same and loading is quick.
 */
export async function loadDemoCatalog(app: INestApplicationContext, data: DemoData, priceStoreIds?: readonly number[]): Promise<{ items: number; prices: number }> {
  const dataSource = app.get(DataSource);
  const categories = app.get(CategoryRepository);
  const items = app.get(ItemRepository);
  const projection = app.get(StorePriceProjection);
  let prices = 0;
  await dataSource.transaction(async (manager) => {
    await categories.insertMany(manager, data.categories);
    for (let start = 0; start < data.items.length; start += CHUNK) {
      await items.insertMany(manager, data.items.slice(start, start + CHUNK));
    }
    const wanted = priceStoreIds ? new Set(priceStoreIds) : undefined;
    let batch: DemoPrice[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await projection.applyPriceObservations(batch.map(demoObservation), manager);
      prices += batch.length;
      batch = [];
    };
    // All prices are streamed; a few stores' prices are computed directly (the stream of a big size takes minutes).
    const source: Iterable<DemoPrice> = wanted ? pricesOf(data, wanted) : data.prices();
    for (const price of source) {
      batch.push(price);
      if (batch.length === CHUNK) await flush();
    }
    await flush();
  });
  app.get(CategoryService).invalidate();
  await dataSource.query('VACUUM (ANALYZE) catalog.categories, catalog.items, catalog.store_prices');
  return { items: data.items.length, prices };
}

export interface QueryOutcome extends EvalQuery {
  top1: boolean;
  top3: boolean;
  /** The first three results: name and leaf category. */
  found: { name: string; category: string }[];
}

export interface EvalReport {
  size: string;
  queries: number;
  top1: number;
  top3: number;
  outcomes: QueryOutcome[];
  byKind: Record<string, { queries: number; top1: number; top3: number }>;
}

/** The category names of an item's breadcrumb, top level to leaf. */
const breadcrumb = (item: ItemDto): string[] => item.itemCategories.map((c) => c.category.name);

/** Names of the categories that hold at least one item of `data` (in themselves or below). */
function stockedCategoryNames(data: DemoData): Set<string> {
  const byId = new Map(data.categories.map((c) => [c.id, c]));
  const names = new Set<string>();
  for (const item of data.items) {
    for (let c = byId.get(item.categoryId); c; c = c.parentCategoryId === null ? undefined : byId.get(c.parentCategoryId)) names.add(c.name);
  }
  return names;
}

/**
 * Sends each query to SearchItems and scores it. An entry whose category does not exist or holds no item in
 * `data` is an error of the evaluation set (thrown), not a miss.
 */
export async function evaluate(client: ClientProxy, data: DemoData, storeIds: readonly number[], size: string, set: readonly EvalQuery[] = EVAL_SET): Promise<EvalReport> {
  const categories = await firstValueFrom(client.send<CategoryDto[]>(CatalogPatterns.ListCategories, {}));
  const names = new Set(categories.map((c) => c.name));
  if (names.size !== categories.length) throw new Error('Category names are not unique: the evaluation set cannot name categories');
  const stocked = stockedCategoryNames(data);
  const problems = set.filter((entry) => !stocked.has(entry.category)).map((entry) => `'${entry.query}': no item in a category named '${entry.category}'`);
  if (problems.length > 0) throw new Error(`The evaluation set does not fit the ${size} demo data:\n  ${problems.join('\n  ')}`);
  const outcomes: QueryOutcome[] = [];
  for (const entry of set) {
    const items = await firstValueFrom(client.send<ItemDto[]>(CatalogPatterns.SearchItems, { search: entry.query, storeIds, limit: 3, offset: 0 }));
    const fits = (item: ItemDto) => breadcrumb(item).includes(entry.category);
    outcomes.push({
      ...entry,
      top1: items.length > 0 && fits(items[0]),
      top3: items.slice(0, 3).some(fits),
      found: items.slice(0, 3).map((item) => ({ name: item.name, category: breadcrumb(item).at(-1) ?? '' })),
    });
  }
  const byKind: EvalReport['byKind'] = {};
  for (const o of outcomes) {
    const k = (byKind[o.kind] ??= { queries: 0, top1: 0, top3: 0 });
    k.queries++;
    if (o.top1) k.top1++;
    if (o.top3) k.top3++;
  }
  const share = (n: number) => n / outcomes.length;
  return { size, queries: outcomes.length, top1: share(outcomes.filter((o) => o.top1).length), top3: share(outcomes.filter((o) => o.top3).length), outcomes, byKind };
}

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

export function formatReport(report: EvalReport, verbose = false): string {
  const lines: string[] = [];
  lines.push(`search evaluation on the ${report.size} demo data: ${report.queries} queries`);
  for (const [kind, k] of Object.entries(report.byKind)) {
    lines.push(`  ${kind.padEnd(10)} ${String(k.queries).padStart(3)} queries  top-1 ${String(k.top1).padStart(3)}  top-3 ${String(k.top3).padStart(3)}`);
  }
  for (const o of report.outcomes) {
    if (o.top1 && !verbose) continue;
    const mark = o.top1 ? 'ok  ' : o.top3 ? 'top3' : 'MISS';
    lines.push(`  ${mark} ${o.query.padEnd(20)} want ${o.category}: ${o.found.map((f) => `${f.name} [${f.category}]`).join(' | ') || '(nothing)'}`);
  }
  lines.push(`top-1 accuracy: ${percent(report.top1)} (target ${percent(TARGET_TOP1)})`);
  lines.push(`top-3 accuracy: ${percent(report.top3)} (target ${percent(TARGET_TOP3)})`);
  return lines.join('\n');
}
