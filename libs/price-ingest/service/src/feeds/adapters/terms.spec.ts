import type { FeedPrice, FeedRecord } from '../feed-record';
import { priceProblem, termsProblem } from '../../runs/feed-runner';
import { adapterFor } from './index';

const parse = (source: string, lines: string[]): FeedRecord[] => {
  const parser = adapterFor(source).createParser();
  return lines.flatMap((line, i) => parser(line, i + 1));
};
const prices = (records: FeedRecord[]) => records.filter((r): r is Extract<FeedRecord, { kind: 'price' }> => r.kind === 'price').map((r) => r.value);
const reasons = (records: FeedRecord[]) => records.filter((r): r is Extract<FeedRecord, { kind: 'reject' }> => r.kind === 'reject').map((r) => r.reason);

// 2026-12-05 in Helsinki (UTC+2 in winter) ends at 2026-12-05T21:59:59.999Z and starts at 2026-12-04T22:00:00.000Z.
const END_OF_DEC_5 = '2026-12-05T21:59:59.999Z';
const START_OF_DEC_5 = '2026-12-04T22:00:00.000Z';

describe('feed till terms: the file formats', () => {
  it('generic CSV and JSON Lines: flat member price, multibuy, campaign dates and average weight', () => {
    const csv = parse('csv:test', [
      'kind,storeId,ean,price,campaign,regularPrice,campaignStartsAt,campaignEndsAt,memberCard,memberPrice,multibuyQuantity,multibuyPrice,averageWeightGrams',
      'price,T1,6415600501811,"1,29",true,"1,79",2026-12-05,2026-12-07,k-plussa,"1,19",2,"2,29",175',
      'price,T1,6415600501828,2.49,,,,,,,,,',
    ]);
    expect(reasons(csv)).toEqual([]);
    expect(prices(csv)[0]).toMatchObject({
      price: 129,
      isCampaign: true,
      regularPrice: 179,
      campaignStartsAt: START_OF_DEC_5,
      campaignEndsAt: '2026-12-07T21:59:59.999Z',
      memberPrice: { card: 'k-plussa', price: 119 },
      multibuy: { quantity: 2, price: 229 },
      averageWeightGrams: 175,
    });
    // A line without terms is as it was: none of the fields is set.
    const plain = prices(csv)[1];
    for (const key of ['campaignStartsAt', 'campaignEndsAt', 'memberPrice', 'multibuy', 'averageWeightGrams', 'regularPrice']) expect(plain).not.toHaveProperty(key);
    const jsonl = parse('jsonl:test', [JSON.stringify({ kind: 'price', storeId: 'T1', ean: '6415600501811', price: 1.29, memberCard: 'lidl-plus', memberPrice: 0.99, multibuyQuantity: 3, multibuyPrice: 3 })]);
    expect(prices(jsonl)[0]).toMatchObject({ memberPrice: { card: 'lidl-plus', price: 99 }, multibuy: { quantity: 3, price: 300 } });
  });

  it('generic: an unknown card, a multibuy of 0 or 1, 0 g and a bad date reject the line naming the field', () => {
    const line = (extra: object) => JSON.stringify({ kind: 'price', storeId: 'T1', ean: '6415600501811', price: 1.29, ...extra });
    const records = parse('jsonl:test', [
      line({ memberCard: 's-etukortti', memberPrice: 1 }),
      line({ multibuyQuantity: 1, multibuyPrice: 1 }),
      line({ multibuyQuantity: 0, multibuyPrice: 1 }),
      line({ averageWeightGrams: 0 }),
      line({ campaignEndsAt: '2026-13-40' }),
      line({ campaignStartsAt: 'huomenna' }),
    ]);
    expect(prices(records)).toEqual([]);
    expect(reasons(records)).toEqual([
      expect.stringMatching(/^memberCard "s-etukortti" is not a known card/),
      expect.stringMatching(/^multibuyQuantity 1 must be a whole number from 2/),
      expect.stringMatching(/^multibuyQuantity 0 must be a whole number from 2/),
      expect.stringMatching(/^averageWeightGrams 0 must be whole grams/),
      expect.stringMatching(/^campaignEndsAt "2026-13-40" is not a date/),
      expect.stringMatching(/^campaignStartsAt must be an ISO time/),
    ]);
  });

  it('S group: campaignPriceValidFrom/Until, pricing.multibuy and averageWeightGrams', () => {
    const node = (pricing: object) => JSON.stringify({ __typename: 'StoreProduct', storeId: '1', ean: '6415600501811', priceUpdatedAt: '2026-12-03T06:10:00.000Z', pricing });
    const [upcoming, plain] = prices(
      parse('s-group', [
        node({ currentPrice: 1.49, regularPrice: 1.99, campaignPrice: 1.49, campaignPriceValidFrom: '2026-12-05', campaignPriceValidUntil: '2026-12-07', multibuy: { quantity: 2, price: 2.5 }, averageWeightGrams: 180 }),
        node({ currentPrice: 2.49 }),
      ]),
    );
    expect(upcoming).toMatchObject({ price: 149, isCampaign: true, regularPrice: 199, campaignStartsAt: START_OF_DEC_5, campaignEndsAt: '2026-12-07T21:59:59.999Z', multibuy: { quantity: 2, price: 250 }, averageWeightGrams: 180 });
    expect(Object.keys(plain).sort()).toEqual(['comparisonPrice', 'comparisonPriceUnit', 'deposit', 'ean', 'externalStoreId', 'isCampaign', 'observedAt', 'price', 'priceUnit']);
  });

  it('K group: discount dates, pricing.multibuy, pricing.plussaPrice and soldBy.averageWeight', () => {
    const record = (pricing: object, extra: object = {}) => JSON.stringify({ type: 'price', storeId: 'N1', ean: '6415600501811', fetchedAt: '2026-12-03T06:10:00.000Z', pricing, ...extra });
    const records = parse('k-group', [
      record({ normal: { price: 2.19 }, discount: { price: 1.89, startDate: '2026-12-05', endDate: '2026-12-05' }, plussaPrice: 1.79, multibuy: { quantity: 2, price: 3.5 } }, { soldBy: { kind: 'approximatePiece', averageWeight: 0.175 } }),
      record({ normal: { price: 2.19 }, plussaPrice: 'halpa' }),
    ]);
    expect(prices(records)[0]).toMatchObject({
      price: 189,
      regularPrice: 219,
      campaignStartsAt: START_OF_DEC_5,
      campaignEndsAt: END_OF_DEC_5,
      memberPrice: { card: 'k-plussa', price: 179 },
      multibuy: { quantity: 2, price: 350 },
      averageWeightGrams: 175,
    });
    expect(reasons(records)).toEqual([expect.stringMatching(/^pricing.plussaPrice "halpa" is not a price/)]);
  });

  it('Lidl: lidlPlus entries give the Lidl Plus member price; offer dates', () => {
    const article = (extra: object) =>
      JSON.stringify({ recordType: 'article', ean: '4056489000017', title: 'Banaani', categoryPath: 'Hedelmät', price: '1,49', validFrom: '2026-12-03T06:00:00.000Z', ...extra });
    const records = parse('lidl', [
      article({ lidlPlus: [{ price: { price: 1.29, oldPrice: 1.49, packaging: '1 kg' }, highlightText: 'Lidl Plus -hinta' }], averageWeightGrams: 175 }),
      article({ isOffer: true, regularPrice: '1,99', offerValidFrom: '2026-12-05', validTo: '2026-12-05' }),
    ]);
    expect(prices(records)[0]).toMatchObject({ memberPrice: { card: 'lidl-plus', price: 129 }, averageWeightGrams: 175 });
    expect(prices(records)[1]).toMatchObject({ isCampaign: true, regularPrice: 199, campaignStartsAt: START_OF_DEC_5, campaignEndsAt: END_OF_DEC_5 });
  });
});

describe('priceProblem: till terms', () => {
  const NOW = '2026-12-03T06:00:00.000Z';
  const price = (overrides: Partial<FeedPrice> = {}): FeedPrice => ({
    externalStoreId: 'D1',
    ean: '6415600501811',
    price: 189,
    comparisonPrice: null,
    priceUnit: null,
    comparisonPriceUnit: null,
    isCampaign: false,
    observedAt: NOW,
    ...overrides,
  });

  it('takes good terms', () => {
    expect(priceProblem(price({ memberPrice: { card: 'k-plussa', price: 189 }, multibuy: { quantity: 2, price: 300 }, averageWeightGrams: 175 }), NOW)).toBeNull();
    expect(priceProblem(price({ isCampaign: true, price: 149, regularPrice: 189, memberPrice: { card: 'lidl-plus', price: 189 }, campaignStartsAt: START_OF_DEC_5, campaignEndsAt: END_OF_DEC_5 }), NOW)).toBeNull();
  });

  it('rejects a member price above the shelf price, an unknown card, a multibuy of 0 or 1, 0 g and a start after the end, naming the field', () => {
    expect(termsProblem(price({ memberPrice: { card: 'k-plussa', price: 190 } }))).toBe('memberPrice.price 190 cents is above the shelf price 189 cents');
    expect(termsProblem(price({ memberPrice: { card: 's-etukortti' as never, price: 100 } }))).toMatch(/^memberPrice.card "s-etukortti"/);
    expect(termsProblem(price({ multibuy: { quantity: 1, price: 100 } }))).toMatch(/^multibuy.quantity 1 /);
    expect(termsProblem(price({ multibuy: { quantity: 0, price: 100 } }))).toMatch(/^multibuy.quantity 0 /);
    expect(termsProblem(price({ averageWeightGrams: 0 }))).toMatch(/^averageWeightGrams 0 /);
    expect(termsProblem(price({ isCampaign: true, campaignStartsAt: '2026-12-08T00:00:00.000Z', campaignEndsAt: END_OF_DEC_5 }))).toMatch(/^campaignStartsAt .* is after campaignEndsAt/);
    expect(termsProblem(price({ campaignEndsAt: 'soon' }))).toMatch(/^campaignEndsAt "soon" is not an ISO time/);
  });
});
