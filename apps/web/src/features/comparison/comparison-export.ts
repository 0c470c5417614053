import type { RankedTotal } from '@hintakori/web-util';
import type { ComparisonItem } from '../../app/models';
import { lineCost } from './comparison.lib';

/**
 * "Lataa CSV" and "Lataa JSON" on the basket comparison page: the comparison as the shopper sees it (the compared
 * stores' line prices and totals), made in the browser. The CSV is what Finnish Excel opens as it is: semicolons
 * between fields, decimal commas, CRLF lines, UTF-8 with a byte-order mark and a Finnish header row. papaparse
 * quotes the fields that need it; it is loaded only when the shopper asks for a CSV.
 *
 * Store and product names are written by strangers (OpenStreetMap, Open Food Facts, the shops): a cell a spreadsheet
 * would read as a formula (one starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so it
 * opens as text (OWASP "CSV Injection").
 */

/**
 * The cells escaped as text. papaparse's own `escapeFormulae: true` is `/^[=+\-@\t\r].*$/`, whose `.*$` fails on a
 * cell with a line break after the formula (`=1+1\n…`): only the first character decides here.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export interface ExportStore {
  id: number;
  name: string;
}

/** Cents as euros with a decimal comma and no thousands separator ("1234,50"), which Finnish Excel reads as a number. */
export const euros = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',');

const line = (item: ComparisonItem, storeId: number) => {
  const si = item.storeItems.find((s) => s.storeId === storeId);
  if (!si || si.price === null) return null;
  const deposit = typeof si.deposit === 'number' && si.deposit > 0 ? si.deposit : null;
  // The till's line price for the shopper's cards (lineTotal) when the comparison answered it, as the page shows.
  return { price: si.price, lineTotal: lineCost(si, item.quantity) ?? si.price * item.quantity, isEstimated: si.isEstimated, deposit };
};

/**
 * The table as rows: header, one row per product (line price = the till's lineTotal, else price × quantity, in euros, deposits apart), then
 * "Pantit" (when the basket has deposits) and "Yhteensä" (deposits included), as the page shows them.
 */
export function comparisonTableRows(items: readonly ComparisonItem[], stores: readonly ExportStore[], ranked: readonly RankedTotal[]): string[][] {
  const header = ['Tuote', 'EAN', 'Määrä', ...stores.map((s) => `${s.name} (€)`), 'Arvioitu hinta kaupoissa'];
  const rows = items.map((item) => {
    const prices = stores.map((s) => line(item, s.id));
    const estimated = stores.filter((_, i) => prices[i]?.isEstimated).map((s) => s.name);
    return [item.name, item.ean ?? '', String(item.quantity), ...prices.map((p) => (p ? euros(p.lineTotal) : '')), estimated.join(', ')];
  });
  const totals = stores.map((s) => {
    const r = ranked.find((x) => x.storeId === s.id);
    return r ? euros(r.total) : '';
  });
  const deposits = ranked.some((r) => r.deposits > 0)
    ? [['Pantit', '', '', ...stores.map((s) => euros(ranked.find((x) => x.storeId === s.id)?.deposits ?? 0)), '']]
    : [];
  return [header, ...rows, ...deposits, ['Yhteensä', '', String(items.reduce((n, i) => n + i.quantity, 0)), ...totals, '']];
}

/** The CSV text, byte-order mark first. */
export async function comparisonCsv(items: readonly ComparisonItem[], stores: readonly ExportStore[], ranked: readonly RankedTotal[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return `\uFEFF${unparse(comparisonTableRows(items, stores, ranked), { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START })}\r\n`;
}

/** The JSON export: money in integer cents as the API gives it, each store's total (deposits included, and apart) and rank. */
export function comparisonJson(items: readonly ComparisonItem[], stores: readonly ExportStore[], ranked: readonly RankedTotal[], now: Date): string {
  return JSON.stringify(
    {
      generatedAt: now.toISOString(),
      currency: 'EUR',
      amountsIn: 'cents',
      stores: stores.map((s) => {
        const r = ranked.find((x) => x.storeId === s.id);
        return {
          storeId: s.id,
          name: s.name,
          total: r?.total ?? null,
          deposits: r?.deposits ?? 0,
          cheapest: r?.cheapest ?? false,
          extraOverCheapest: r ? r.diff : null,
          estimatedCount: r?.estimatedCount ?? 0,
          missingCount: r?.missingCount ?? 0,
        };
      }),
      items: items.map((item) => ({
        itemId: item.id,
        ean: item.ean ?? null,
        name: item.name,
        quantity: item.quantity,
        prices: stores.map((s) => {
          const p = line(item, s.id);
          return { storeId: s.id, price: p?.price ?? null, lineTotal: p?.lineTotal ?? null, isEstimated: p?.isEstimated ?? false, deposit: p?.deposit ?? null };
        }),
      })),
    },
    null,
    2,
  );
}

/** File name of an export made on `now`'s (local) day: ostoskorivertailu-2026-11-28.csv. */
export function exportFileName(now: Date, extension: 'csv' | 'json'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `ostoskorivertailu-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}

/** Hands the text to the browser as a download. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
