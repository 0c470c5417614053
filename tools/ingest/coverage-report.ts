/**
 * The computation of `npm run ingest:coverage` (tools/ingest/coverage.ts): from a few aggregated rows of the
 * database, per chain group (S group, K group, Lidl) and per price source in it: stores, stores with prices, products
 * priced, the age of the prices (median and 90th percentile) and the share of the price-level basket each store has
 * a price for (min / median / max, and the stores below half). Pure: rows in, report out.
 */

export type ChainGroup = 'S' | 'K' | 'L';
export const GROUP_NAMES: Record<ChainGroup, string> = { S: 'S group', K: 'K group', L: 'Lidl' };
const GROUPS: ChainGroup[] = ['S', 'K', 'L'];

/** The rows the report is made of (coverage.ts reads them in four queries). */
export interface CoverageRows {
  /** Every open store with its chain's group. */
  stores: { storeId: number; name: string; chain: string; group: ChainGroup }[];
  /**
   * The current prices of each store and source, counted by whole hours of age (a price's age: now − the newer of its
   * own time and its store's last run of its source): `basket` of them are of basket products.
   */
  prices: { storeId: number; source: string; ageHours: number; prices: number; basket: number }[];
  /** Distinct products priced per group, and per group and source (`source` null: any source). */
  products: { group: ChainGroup; source: string | null; products: number }[];
  /** Products in the price-level basket (0: not chosen yet). */
  basketSize: number;
}

export interface BasketShare {
  min: number;
  median: number;
  max: number;
  /** Stores with under half of the basket priced, fewest first (at most `listBelowHalf`). */
  belowHalf: { storeId: number; name: string; share: number }[];
  belowHalfCount: number;
}

export interface CoverageLine {
  /** A group's name, or a source within it. */
  label: string;
  stores: number;
  storesWithPrices: number;
  products: number;
  prices: number;
  /** Hours; null without prices. */
  medianAgeHours: number | null;
  p90AgeHours: number | null;
  /** null when the basket is not chosen yet or no store is counted. */
  basket: BasketShare | null;
}

export interface CoverageReport {
  basketSize: number;
  groups: (CoverageLine & { group: ChainGroup; sources: CoverageLine[] })[];
}

/** The p-th percentile (0–100, nearest rank) of a histogram of whole hours; null when empty. */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const hours of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(hours) ?? 0;
    if (seen >= rank) return hours;
  }
  return null;
}

/** The median of numbers (the mean of the middle two for an even count); NaN when empty. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function basketShare(stores: { storeId: number; name: string }[], basketByStore: ReadonlyMap<number, number>, basketSize: number, listBelowHalf: number): BasketShare | null {
  if (basketSize === 0 || stores.length === 0) return null;
  const shares = stores.map((s) => ({ storeId: s.storeId, name: s.name, share: Math.min(1, (basketByStore.get(s.storeId) ?? 0) / basketSize) }));
  const values = shares.map((s) => s.share);
  const below = shares.filter((s) => s.share < 0.5).sort((a, b) => a.share - b.share || a.storeId - b.storeId);
  return { min: Math.min(...values), median: median(values), max: Math.max(...values), belowHalf: below.slice(0, listBelowHalf), belowHalfCount: below.length };
}

/** The report of the rows; `listBelowHalf` caps the stores listed below half of the basket (default 10). */
export function coverageReport(rows: CoverageRows, listBelowHalf = 10): CoverageReport {
  const storeById = new Map(rows.stores.map((s) => [s.storeId, s]));
  const products = (group: ChainGroup, source: string | null) => rows.products.find((p) => p.group === group && p.source === source)?.products ?? 0;
  const groups: CoverageReport['groups'] = [];
  for (const group of GROUPS) {
    const stores = rows.stores.filter((s) => s.group === group);
    const prices = rows.prices.filter((p) => storeById.get(p.storeId)?.group === group);
    const line = (label: string, counted: typeof stores, of: typeof prices, productCount: number): CoverageLine => {
      const histogram = new Map<number, number>();
      const basketByStore = new Map<number, number>();
      const priced = new Set<number>();
      let total = 0;
      for (const row of of) {
        histogram.set(row.ageHours, (histogram.get(row.ageHours) ?? 0) + row.prices);
        basketByStore.set(row.storeId, (basketByStore.get(row.storeId) ?? 0) + row.basket);
        if (row.prices > 0) priced.add(row.storeId);
        total += row.prices;
      }
      return {
        label,
        stores: counted.length,
        storesWithPrices: priced.size,
        products: productCount,
        prices: total,
        medianAgeHours: histogramPercentile(histogram, 50),
        p90AgeHours: histogramPercentile(histogram, 90),
        basket: basketShare(counted, basketByStore, rows.basketSize, listBelowHalf),
      };
    };
    const sources = [...new Set(prices.map((p) => p.source))].sort();
    groups.push({
      group,
      ...line(GROUP_NAMES[group], stores, prices, products(group, null)),
      // A source's line counts the stores it prices (its share of the basket over them).
      sources: sources.map((source) => {
        const of = prices.filter((p) => p.source === source);
        const storeIds = new Set(of.filter((p) => p.prices > 0).map((p) => p.storeId));
        return line(source, stores.filter((s) => storeIds.has(s.storeId)), of, products(group, source));
      }),
    });
  }
  return { basketSize: rows.basketSize, groups };
}

/** Hours as "5.2 h" under two days, else "3.1 d"; "–" for none. */
export function formatAge(hours: number | null): string {
  if (hours === null) return '–';
  return hours < 48 ? `${hours.toFixed(hours < 10 ? 1 : 0)} h` : `${(hours / 24).toFixed(1)} d`;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** The report as the terminal shows it. */
export function formatCoverage(report: CoverageReport): string {
  const out: string[] = [];
  out.push(report.basketSize > 0 ? `price-level basket: ${report.basketSize} products` : 'price-level basket: not chosen yet (open /hintataso once, or run the catalog)');
  const header = ['', 'stores', 'priced', 'products', 'prices', 'age p50', 'age p90', 'basket min / median / max', 'below ½'];
  const table: string[][] = [header];
  const row = (line: CoverageLine, indent: string) => [
    indent + line.label,
    String(line.stores),
    String(line.storesWithPrices),
    String(line.products),
    String(line.prices),
    formatAge(line.medianAgeHours),
    formatAge(line.p90AgeHours),
    line.basket ? `${percent(line.basket.min)} / ${percent(line.basket.median)} / ${percent(line.basket.max)}` : '–',
    line.basket ? String(line.basket.belowHalfCount) : '–',
  ];
  for (const group of report.groups) {
    table.push(row(group, ''));
    for (const source of group.sources) table.push(row(source, '  '));
  }
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const r of table) out.push(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
  for (const group of report.groups) {
    if (!group.basket || group.basket.belowHalfCount === 0) continue;
    const more = group.basket.belowHalfCount - group.basket.belowHalf.length;
    out.push(
      `${group.label}: ${group.basket.belowHalfCount} stores below half of the basket: ${group.basket.belowHalf.map((s) => `${s.name} (#${s.storeId}, ${percent(s.share)})`).join(', ')}${more > 0 ? `, and ${more} more` : ''}`,
    );
  }
  return `${out.join('\n')}\n`;
}
