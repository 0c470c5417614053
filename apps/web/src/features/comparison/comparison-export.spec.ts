import { parse } from 'papaparse';
import { rankTotals } from '@hintakori/web-util';
import type { ComparisonItem } from '../../app/models';
import { sampleItem, sampleStoreItem } from '../../test/render';
import { totalsFromComparison } from './comparison.lib';
import { comparisonCsv, comparisonJson, euros, exportFileName } from './comparison-export';

const si = (storeId: number, price: number | null, isEstimated = false) => sampleStoreItem(storeId, { price, isEstimated, comparisonPrice: null, comparisonPriceUnit: 'kg', updatedAt: null });
const stores = [
  { id: 1, name: 'Prisma Kamppi' },
  { id: 2, name: 'K-Market "Kamppi"; keskusta' },
];
const items: ComparisonItem[] = [
  { ...sampleItem(1), name: 'Maito 1 l', ean: '6408430000036', quantity: 2, storeItems: [si(1, 129), si(2, 1499, true)] },
  { ...sampleItem(2), name: 'Ruisleipä; 6 kpl', ean: null, quantity: 1, storeItems: [si(1, null), si(2, 249)] },
];
const ranked = rankTotals(totalsFromComparison(items, [1, 2]), [1, 2]);

describe('comparison export', () => {
  it('writes euros with a decimal comma and no thousands separator', () => {
    expect(euros(129)).toBe('1,29');
    expect(euros(123456)).toBe('1234,56');
    expect(euros(5)).toBe('0,05');
  });

  it('makes a CSV Finnish Excel opens as it is: BOM, semicolons, decimal commas, CRLF, Finnish header', async () => {
    const csv = await comparisonCsv(items, stores, ranked);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFTuote;EAN;Määrä;Prisma Kamppi (€);"K-Market ""Kamppi""; keskusta (€)";Arvioitu hinta kaupoissa');
    const rows = parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows).toEqual([
      ['Tuote', 'EAN', 'Määrä', 'Prisma Kamppi (€)', 'K-Market "Kamppi"; keskusta (€)', 'Arvioitu hinta kaupoissa'],
      ['Maito 1 l', '6408430000036', '2', '2,58', '29,98', 'K-Market "Kamppi"; keskusta'],
      ['Ruisleipä; 6 kpl', '', '1', '', '2,49', ''],
      ['Yhteensä', '', '3', '2,58', '32,47', ''],
    ]);
  });

  it('writes a hostile name as text: a cell that a spreadsheet would read as a formula starts with an apostrophe', async () => {
    const hostileStores = [
      { id: 1, name: '@SUM(1+1)*cmd|"/C calc"!A0' },
      { id: 2, name: '-2+3' },
    ];
    const hostile: ComparisonItem[] = [
      { ...sampleItem(1), name: '=HYPERLINK("https://x/")', ean: null, quantity: 1, storeItems: [si(1, 129), si(2, 149, true)] },
      { ...sampleItem(2), name: '+1\n=2', ean: null, quantity: 1, storeItems: [si(1, 99), si(2, 99)] },
      { ...sampleItem(3), name: '\t=1', ean: null, quantity: 1, storeItems: [si(1, 99), si(2, 99)] },
    ];
    const csv = await comparisonCsv(hostile, hostileStores, rankTotals(totalsFromComparison(hostile, [1, 2]), [1, 2]));
    const rows = parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows[0].slice(3, 5)).toEqual(['\'@SUM(1+1)*cmd|"/C calc"!A0 (€)', "'-2+3 (€)"]);
    expect(rows.slice(1, 4).map((row) => row[0])).toEqual(['\'=HYPERLINK("https://x/")', "'+1\n=2", "'\t=1"]);
    expect(rows[1][5]).toBe("'-2+3");
    // The figures stay numbers.
    expect(rows[1].slice(1, 5)).toEqual(['', '1', '1,29', '1,49']);
  });

  it('makes JSON with the same figures in cents and each store total', () => {
    const json = JSON.parse(comparisonJson(items, stores, ranked, new Date('2026-11-28T10:00:00Z')));
    expect(json.generatedAt).toBe('2026-11-28T10:00:00.000Z');
    expect(json.stores).toEqual([
      { storeId: 1, name: 'Prisma Kamppi', total: 258, deposits: 0, cheapest: true, extraOverCheapest: 0, estimatedCount: 0, missingCount: 1 },
      { storeId: 2, name: 'K-Market "Kamppi"; keskusta', total: 3247, deposits: 0, cheapest: false, extraOverCheapest: 2989, estimatedCount: 1, missingCount: 0 },
    ]);
    expect(json.items[0]).toEqual({
      itemId: 1,
      ean: '6408430000036',
      name: 'Maito 1 l',
      quantity: 2,
      prices: [
        { storeId: 1, price: 129, lineTotal: 258, isEstimated: false, deposit: null },
        { storeId: 2, price: 1499, lineTotal: 2998, isEstimated: true, deposit: null },
      ],
    });
    expect(json.items[1].prices[0]).toEqual({ storeId: 1, price: null, lineTotal: null, isEstimated: false, deposit: null });
  });

  it('gives the deposits their own "Pantit" row and figures, in the totals and never in the prices', async () => {
    const drinks: ComparisonItem[] = [{ ...sampleItem(3), name: 'Kola 0,33 l', ean: null, quantity: 3, storeItems: [sampleStoreItem(1, { price: 99, deposit: 15 }), sampleStoreItem(2, { price: 109, deposit: 15 })] }];
    const withDeposits = rankTotals(totalsFromComparison(drinks, [1, 2]), [1, 2]);
    const rows = parse<string[]>((await comparisonCsv(drinks, stores, withDeposits)).slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(rows.slice(1)).toEqual([
      ['Kola 0,33 l', '', '3', '2,97', '3,27', ''],
      ['Pantit', '', '', '0,45', '0,45', ''],
      ['Yhteensä', '', '3', '3,42', '3,72', ''],
    ]);
    const json = JSON.parse(comparisonJson(drinks, stores, withDeposits, new Date('2026-11-28T10:00:00Z')));
    expect(json.stores[0]).toMatchObject({ total: 342, deposits: 45 });
    expect(json.items[0].prices[0]).toEqual({ storeId: 1, price: 99, lineTotal: 297, isEstimated: false, deposit: 15 });
  });

  it('names the file by the day', () => {
    expect(exportFileName(new Date(2026, 10, 8, 12), 'csv')).toBe('ostoskorivertailu-2026-11-08.csv');
  });
});
