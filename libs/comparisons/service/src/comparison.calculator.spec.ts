import type { MemberCard } from '@hintakori/shared-contracts';
import type { TillContext, TillTerms } from '@hintakori/shared-util';
import { averageCents, buildBasket, computeStoreTotals, PriceCell, PriceDetail, requestTillContext } from './comparison.calculator';

const cell = (itemId: number, storeId: number, price: number): PriceCell => ({ itemId, storeId, price });

const detail = (itemId: number, storeId: number, price: number, overrides: Partial<PriceDetail> = {}): PriceDetail => ({
  itemId,
  storeId,
  price,
  comparisonPrice: price * 2,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  observedAt: new Date('2025-11-20T08:30:00.000Z'),
  ...overrides,
});

const cheapestOf = (result: Record<string, { cheapest: boolean }>) => Object.keys(result).filter((id) => result[id].cheapest);

describe('averageCents', () => {
  it('returns the exact average when it is whole', () => {
    expect(averageCents([100, 200, 300])).toBe(200);
  });

  it('rounds halves up', () => {
    expect(averageCents([101, 102])).toBe(102);
    expect(averageCents([1, 2])).toBe(2);
  });

  it('rounds other fractions to the nearest cent', () => {
    expect(averageCents([100, 100, 101])).toBe(100); // 100.33
    expect(averageCents([100, 101, 101])).toBe(101); // 100.67
  });

  it('keeps a single value and handles zero', () => {
    expect(averageCents([199])).toBe(199);
    expect(averageCents([0, 1])).toBe(1);
  });

  it('is the nearest whole cent, halves up, for every sum of up to 8 prices in a range', () => {
    for (let count = 1; count <= 8; count++) {
      for (let sum = 0; sum <= 2000; sum++) {
        const values = Array.from({ length: count }, (_, i) => Math.floor(sum / count) + (i < sum % count ? 1 : 0));
        const average = averageCents(values);
        // average - 1/2 <= sum / count < average + 1/2
        expect(2 * sum >= (2 * average - 1) * count && 2 * sum < (2 * average + 1) * count).toBe(true);
      }
    }
  });

  it('stays exact for large prices', () => {
    expect(averageCents([2_147_483_647, 2_147_483_646])).toBe(2_147_483_647);
  });

  it('refuses an empty list', () => {
    expect(() => averageCents([])).toThrow(RangeError);
  });
});

describe('computeStoreTotals', () => {
  it('sums the real prices of every line per store', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }, { itemId: 20, quantity: 1 }] },
      [cell(10, 1, 150), cell(20, 1, 250), cell(10, 2, 140), cell(20, 2, 300)],
    );
    expect(result).toEqual({
      '1': { total: 400, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true },
      '2': { total: 440, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
    });
  });

  it('multiplies each price by the line quantity', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 3 }, { itemId: 20, quantity: 2 }] },
      [cell(10, 1, 100), cell(20, 1, 50), cell(10, 2, 90), cell(20, 2, 80)],
    );
    expect(result['1'].total).toBe(3 * 100 + 2 * 50);
    expect(result['2'].total).toBe(3 * 90 + 2 * 80);
    expect(cheapestOf(result)).toEqual(['1']);
  });

  it('estimates a store without a price from the average over the stores that have one', () => {
    const result = computeStoreTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 2 }] }, [cell(10, 1, 100), cell(10, 2, 200)]);
    expect(result['3']).toEqual({ total: 2 * 150, deposits: 0, estimatedCount: 1, missingCount: 0, cheapest: false });
    expect(result['1']).toMatchObject({ total: 200, estimatedCount: 0 });
    expect(result['2']).toMatchObject({ total: 400, estimatedCount: 0 });
  });

  it('rounds the estimate to whole cents (half up) before multiplying by the quantity', () => {
    const result = computeStoreTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 3 }] }, [cell(10, 1, 101), cell(10, 2, 102)]);
    expect(result['3'].total).toBe(3 * 102); // average 101.5 -> 102
  });

  it('ignores prices of stores that are not compared when estimating', () => {
    const result = computeStoreTotals({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }] }, [cell(10, 1, 100), cell(10, 99, 900)]);
    expect(result['2']).toMatchObject({ total: 100, estimatedCount: 1 });
    expect(Object.keys(result)).toEqual(['1', '2']);
  });

  it('counts a line with no price in any compared store as missing everywhere and adds nothing', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }, { itemId: 30, quantity: 5 }] },
      [cell(10, 1, 100), cell(10, 2, 120)],
    );
    expect(result['1']).toEqual({ total: 100, deposits: 0, estimatedCount: 0, missingCount: 1, cheapest: true });
    expect(result['2']).toEqual({ total: 120, deposits: 0, estimatedCount: 0, missingCount: 1, cheapest: false });
  });

  it('gives a tie to the store with fewer estimated lines', () => {
    // Item 10: stores 1 and 2 at 100. Item 20: stores 2 and 3 at 200, store 1 estimated at 200.
    // Store 3 estimates item 10 at 100. All total 300; only store 2 has no estimate.
    const result = computeStoreTotals(
      { storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 1 }, { itemId: 20, quantity: 1 }] },
      [cell(10, 1, 100), cell(10, 2, 100), cell(20, 2, 200), cell(20, 3, 200)],
    );
    expect(Object.values(result).map((t) => t.total)).toEqual([300, 300, 300]);
    expect(cheapestOf(result)).toEqual(['2']);
  });

  it('breaks a full tie by the lowest store id, whatever the request order', () => {
    const result = computeStoreTotals({ storeIds: [7, 3, 5], lines: [{ itemId: 10, quantity: 1 }] }, [cell(10, 7, 100), cell(10, 3, 100), cell(10, 5, 100)]);
    expect(cheapestOf(result)).toEqual(['3']);
  });

  it('prefers a lower total over fewer estimates', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }, { itemId: 20, quantity: 1 }] },
      [cell(10, 1, 100), cell(10, 2, 300), cell(20, 2, 100)],
    );
    // Store 1: 100 + estimated 100 = 200 (1 estimate); store 2: 400 (no estimate).
    expect(result['1']).toMatchObject({ total: 200, estimatedCount: 1, cheapest: true });
    expect(result['2'].cheapest).toBe(false);
  });

  it('marks exactly one store cheapest', () => {
    const result = computeStoreTotals(
      { storeIds: [4, 2, 9, 1], lines: [{ itemId: 10, quantity: 2 }] },
      [cell(10, 4, 50), cell(10, 2, 50), cell(10, 9, 50), cell(10, 1, 50)],
    );
    expect(cheapestOf(result)).toEqual(['1']);
  });

  it('compares a single store: its total, and it is the cheapest', () => {
    const result = computeStoreTotals({ storeIds: [5], lines: [{ itemId: 10, quantity: 2 }, { itemId: 11, quantity: 1 }] }, [cell(10, 5, 199)]);
    expect(result).toEqual({ '5': { total: 398, deposits: 0, estimatedCount: 0, missingCount: 1, cheapest: true } });
  });

  it('marks no store cheapest when no compared store has any price', () => {
    const result = computeStoreTotals({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }, { itemId: 11, quantity: 3 }] }, []);
    expect(result).toEqual({
      '1': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 2, cheapest: false },
      '2': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 2, cheapest: false },
    });
  });

  it('answers an empty basket with zero totals for every store and no cheapest', () => {
    const result = computeStoreTotals({ storeIds: [3, 1], lines: [] }, []);
    expect(result).toEqual({
      '1': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
      '3': { total: 0, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
    });
  });

  it('counts a repeated item once per line', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }, { itemId: 10, quantity: 2 }] },
      [cell(10, 1, 100)],
    );
    expect(result['1'].total).toBe(300);
    expect(result['2']).toMatchObject({ total: 300, estimatedCount: 2 });
  });
});

describe('deposits (pantti)', () => {
  const withDeposit = (itemId: number, storeId: number, price: number, deposit: number | null): PriceCell => ({ itemId, storeId, price, deposit });

  it('counts deposits as their own figure and in the total, estimated lines with the average deposit', () => {
    const result = computeStoreTotals(
      { storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 3 }, { itemId: 20, quantity: 1 }] },
      [withDeposit(10, 1, 100, 15), withDeposit(10, 2, 110, 15), withDeposit(20, 1, 200, null), withDeposit(20, 2, 210, null), withDeposit(20, 3, 190, null)],
    );
    expect(result['1']).toEqual({ total: 3 * 100 + 200 + 3 * 15, deposits: 45, estimatedCount: 0, missingCount: 0, cheapest: true });
    expect(result['2']).toEqual({ total: 3 * 110 + 210 + 45, deposits: 45, estimatedCount: 0, missingCount: 0, cheapest: false });
    // Store 3 has no price of item 10: its price (105) and its deposit (15) are estimated.
    expect(result['3']).toEqual({ total: 3 * 105 + 190 + 45, deposits: 45, estimatedCount: 1, missingCount: 0, cheapest: false });
  });

  it('ranks the stores by what the shopper pays, deposits included', () => {
    const result = computeStoreTotals({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }] }, [withDeposit(10, 1, 100, 40), withDeposit(10, 2, 120, null)]);
    expect(result['1']).toMatchObject({ total: 140, deposits: 40, cheapest: false });
    expect(result['2']).toMatchObject({ total: 120, deposits: 0, cheapest: true });
  });

  it('shows a price\'s deposit beside it in the basket, never in the price or comparison price', () => {
    const [line] = buildBasket(
      { storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 2 }] },
      [detail(10, 1, 189, { comparisonPrice: 573, deposit: 15 }), detail(10, 2, 199, { comparisonPrice: 603, deposit: 15 })],
    );
    expect(line.storeItems[0]).toEqual({ storeId: 1, price: 189, comparisonPrice: 573, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isEstimated: false, updatedAt: '2025-11-20T08:30:00.000Z', deposit: 15, lineTotal: 378 });
    expect(line.storeItems[2]).toMatchObject({ price: 194, comparisonPrice: 588, isEstimated: true, deposit: 15 });
  });
});

describe('buildBasket', () => {
  it('returns the lines in input order with a price for every compared store in request order', () => {
    const basket = buildBasket(
      { storeIds: [2, 1], lines: [{ itemId: 20, quantity: 1 }, { itemId: 10, quantity: 4 }] },
      [detail(10, 1, 100), detail(10, 2, 110), detail(20, 1, 50), detail(20, 2, 55)],
    );
    expect(basket.map((line) => [line.itemId, line.quantity])).toEqual([
      [20, 1],
      [10, 4],
    ]);
    expect(basket[1].storeItems.map((p) => [p.storeId, p.price])).toEqual([
      [2, 110],
      [1, 100],
    ]);
  });

  it('gives a real price with its units and observation time', () => {
    const [line] = buildBasket({ storeIds: [1], lines: [{ itemId: 10, quantity: 1 }] }, [detail(10, 1, 129, { comparisonPrice: 516, priceUnit: 'kpl', comparisonPriceUnit: 'kg' })]);
    expect(line.storeItems).toEqual([
      { storeId: 1, price: 129, comparisonPrice: 516, priceUnit: 'kpl', comparisonPriceUnit: 'kg', isEstimated: false, updatedAt: '2025-11-20T08:30:00.000Z', lineTotal: 129 },
    ]);
  });

  it('estimates a missing store price (and comparison price) as the half-up average of the stores that have one', () => {
    const [line] = buildBasket(
      { storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 1 }] },
      [detail(10, 1, 101, { comparisonPrice: 400 }), detail(10, 2, 102, { comparisonPrice: 401 })],
    );
    expect(line.storeItems[2]).toEqual({
      storeId: 3,
      price: 102,
      comparisonPrice: 401,
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
      isEstimated: true,
      updatedAt: null,
      lineTotal: 102,
    });
    expect(line.storeItems[0]).toMatchObject({ storeId: 1, price: 101, isEstimated: false });
  });

  it('estimates the comparison price only from stores that have one', () => {
    const [line] = buildBasket(
      { storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 1 }] },
      [detail(10, 1, 100, { comparisonPrice: null }), detail(10, 2, 200, { comparisonPrice: 800 })],
    );
    expect(line.storeItems[2]).toMatchObject({ price: 150, comparisonPrice: 800, isEstimated: true });
  });

  it('leaves the comparison price empty on an estimate when no store has one', () => {
    const [line] = buildBasket({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }] }, [detail(10, 1, 100, { comparisonPrice: null })]);
    expect(line.storeItems[1]).toMatchObject({ price: 100, comparisonPrice: null, isEstimated: true });
  });

  it('shows no price (not estimated) in every store when nobody has one', () => {
    const [line] = buildBasket({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 2 }] }, [detail(11, 1, 100)]);
    expect(line).toEqual({
      itemId: 10,
      quantity: 2,
      storeItems: [1, 2].map((storeId) => ({ storeId, price: null, comparisonPrice: null, priceUnit: '', comparisonPriceUnit: '', isEstimated: false, updatedAt: null, lineTotal: null })),
    });
  });

  it('does not estimate from stores outside the comparison', () => {
    const [line] = buildBasket({ storeIds: [1], lines: [{ itemId: 10, quantity: 1 }] }, [detail(10, 2, 100)]);
    expect(line.storeItems[0]).toMatchObject({ price: null, isEstimated: false });
  });

  it('returns an empty basket for no lines', () => {
    expect(buildBasket({ storeIds: [1], lines: [] }, [])).toEqual([]);
  });
});

describe('the till in store totals (issue 36)', () => {
  // A Helsinki shopping day: 2026-12-03 00:00 … 24:00 (UTC+2).
  const day = { cards: new Set<never>(), dayStartMs: Date.parse('2026-12-02T22:00:00.000Z'), dayEndMs: Date.parse('2026-12-03T22:00:00.000Z') };
  const withCards = (...cards: MemberCard[]): TillContext => ({ ...day, cards: new Set(cards) });
  const termed = (itemId: number, storeId: number, price: number, terms: Partial<TillTerms>): PriceCell => ({ itemId, storeId, price, terms: { price, ...terms } });

  it('a K-Plussa member price drops the K store only, for a shopper with the card', () => {
    const cells = [termed(10, 1, 300, { memberPrice: { card: 'k-plussa', price: 250 } }), cell(10, 2, 280)];
    const request = { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 2 }] };
    const without = computeStoreTotals(request, cells, day);
    expect(without['1']).toMatchObject({ total: 600, cheapest: false });
    expect(without['1'].savings).toBeUndefined();
    expect(without['2']).toMatchObject({ total: 560, cheapest: true });
    const holder = computeStoreTotals(request, cells, withCards('k-plussa'));
    expect(holder['1']).toMatchObject({ total: 500, savings: 100, cheapest: true });
    expect(holder['2']).toEqual({ total: 560, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false });
    // A Lidl Plus holder does not reach a K-Plussa price.
    expect(computeStoreTotals(request, cells, withCards('lidl-plus'))['1'].total).toBe(600);
  });

  it('counts a multibuy for every whole bundle: 1, 2 and 3 pieces of "2 for 5,00 €" at 3,00 €', () => {
    const cells = [termed(10, 1, 300, { multibuy: { quantity: 2, price: 500 } })];
    const total = (quantity: number) => computeStoreTotals({ storeIds: [1], lines: [{ itemId: 10, quantity }] }, cells, day)['1'];
    expect(total(1)).toMatchObject({ total: 300 });
    expect(total(1).savings).toBeUndefined();
    expect(total(2)).toMatchObject({ total: 500, savings: 100 });
    expect(total(3)).toMatchObject({ total: 800, savings: 100 });
  });

  it('charges the regular price after a campaign ended and before it starts', () => {
    const ended = termed(10, 1, 200, { isCampaign: true, regularPrice: 300, campaignEndsAt: '2026-12-01T21:59:59.000Z' });
    const upcoming = termed(10, 2, 200, { isCampaign: true, regularPrice: 300, campaignStartsAt: '2026-12-04T00:00:00.000Z' });
    const running = termed(10, 3, 200, { isCampaign: true, regularPrice: 300, campaignEndsAt: '2026-12-05T21:59:59.000Z' });
    const totals = computeStoreTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 1 }] }, [ended, upcoming, running], day);
    expect([totals['1'].total, totals['2'].total, totals['3'].total]).toEqual([300, 300, 200]);
    // A campaign price is a shelf price: nothing saved by a card or a bundle.
    expect(totals['3'].savings).toBeUndefined();
  });

  it("estimates a missing store's line from the other stores' shelf prices of the day (no member price, no multibuy)", () => {
    const cells = [
      termed(10, 1, 300, { memberPrice: { card: 'k-plussa', price: 100 }, multibuy: { quantity: 2, price: 200 } }),
      termed(10, 2, 200, { isCampaign: true, regularPrice: 400, campaignEndsAt: '2026-12-01T00:00:00.000Z' }),
    ];
    const totals = computeStoreTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 2 }] }, cells, withCards('k-plussa'));
    // Shelf prices of the day: 300 and 400 (the campaign ended) → 350 a piece.
    expect(totals['3']).toMatchObject({ total: 700, estimatedCount: 1 });
    expect(totals['1']).toMatchObject({ total: 200, savings: 400 });
  });

  it('shows the S-Bonus estimate for the bonus stores of an S-Etukortti holder, never deciding the cheapest', () => {
    const cells = [cell(10, 1, 1000), cell(10, 2, 995)];
    const request = { storeIds: [1, 2], lines: [{ itemId: 10, quantity: 1 }], bonusStoreIds: [1] };
    const totals = computeStoreTotals(request, cells, withCards('s-etukortti'));
    // 1 % of 10,00 € would make store 1 cheaper after the bonus; it is shown, not counted.
    expect(totals['1']).toMatchObject({ total: 1000, bonus: 10, cheapest: false });
    expect(totals['2']).toMatchObject({ total: 995, cheapest: true });
    expect(totals['2'].bonus).toBeUndefined();
    // Without the card there is no bonus.
    expect(computeStoreTotals(request, cells, day)['1'].bonus).toBeUndefined();
  });

  it('leaves deposits out of the bonus', () => {
    const cells = [{ itemId: 10, storeId: 1, price: 1000, deposit: 1000 }];
    const totals = computeStoreTotals({ storeIds: [1], lines: [{ itemId: 10, quantity: 1 }], bonusStoreIds: [1] }, cells, withCards('s-etukortti'));
    expect(totals['1']).toMatchObject({ total: 2000, deposits: 1000, bonus: 10 });
  });

  it("weighs a price per kilogram by another compared store's average weight when it gives none", () => {
    const cells = [termed(10, 1, 1000, { priceUnit: 'kg', averageWeightGrams: 150 }), termed(10, 2, 800, { priceUnit: 'kg' })];
    const totals = computeStoreTotals({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 4 }] }, cells, day);
    // 4 × 150 g × 10,00 €/kg = 6,00 €; 4 × 150 g × 8,00 €/kg = 4,80 €; the estimate 9,00 €/kg → 5,40 €.
    expect(totals['1']).toMatchObject({ total: 600, weighedCount: 1 });
    expect(totals['2']).toMatchObject({ total: 480, weighedCount: 1 });
    expect(totals['3']).toMatchObject({ total: 540, weighedCount: 1, estimatedCount: 1 });
  });

  it('answers plain prices as before: no savings, bonus or weighed count, quantity × price', () => {
    const totals = computeStoreTotals({ storeIds: [1, 2], lines: [{ itemId: 10, quantity: 3 }] }, [cell(10, 1, 100), cell(10, 2, 90)], withCards('k-plussa'));
    expect(totals).toEqual({
      '1': { total: 300, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: false },
      '2': { total: 270, deposits: 0, estimatedCount: 0, missingCount: 0, cheapest: true },
    });
  });

  it('gives the basket the shelf price of the day, the till total and what was applied', () => {
    const details = [
      detail(10, 1, 300, { terms: { price: 300, memberPrice: { card: 'k-plussa', price: 250 }, multibuy: { quantity: 2, price: 450 } } }),
      detail(10, 2, 200, { terms: { price: 200, isCampaign: true, regularPrice: 350, campaignEndsAt: '2026-12-01T00:00:00.000Z' } }),
    ];
    const [line] = buildBasket({ storeIds: [1, 2, 3], lines: [{ itemId: 10, quantity: 3 }] }, details, withCards('k-plussa'));
    expect(line.storeItems[0]).toMatchObject({ price: 300, lineTotal: 700, applied: [{ kind: 'member', card: 'k-plussa', price: 250 }, { kind: 'multibuy', quantity: 2, price: 450 }] });
    expect(line.storeItems[1]).toMatchObject({ price: 350, lineTotal: 1050, applied: [{ kind: 'campaign-ended', endsAt: '2026-12-01T00:00:00.000Z' }] });
    expect(line.storeItems[2]).toMatchObject({ price: 325, lineTotal: 975, isEstimated: true });
    expect(line.storeItems[2].applied).toBeUndefined();
  });

  it('refuses a shopping day more than 60 days away', () => {
    expect(() => requestTillContext({ date: '2026-12-03' }, new Date('2026-12-03T10:00:00Z'))).not.toThrow();
    expect(() => requestTillContext({ date: '2027-03-01' }, new Date('2026-12-03T10:00:00Z'))).toThrow(/date must be at most 60 days/);
  });
});
