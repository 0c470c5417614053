import { canonicalIsoTime, parsePriceObservedEvent } from './price-observed';

const now = new Date('2025-11-22T12:00:00.000Z');
const event = {
  itemId: 10,
  storeId: 3,
  price: 199,
  comparisonPrice: 796,
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kg',
  isCampaign: true,
  observedAt: '2025-11-22T09:15:00+02:00',
  source: 'k-feed',
};

describe('parsePriceObservedEvent', () => {
  it('turns a valid event into an observation with a normalised UTC timestamp', () => {
    expect(parsePriceObservedEvent(event, now)).toEqual({
      ok: true,
      observation: {
        itemId: 10,
        storeId: 3,
        price: 199,
        comparisonPrice: 796,
        priceUnit: 'kpl',
        comparisonPriceUnit: 'kg',
        isCampaign: true,
        observedAt: '2025-11-22T07:15:00.000Z',
      },
    });
  });

  it('accepts a null or absent comparison price and defaults isCampaign to false', () => {
    const { comparisonPrice: _c, isCampaign: _i, ...rest } = event;
    const parsed = parsePriceObservedEvent(rest, now);
    expect(parsed).toMatchObject({ ok: true, observation: { comparisonPrice: null, isCampaign: false } });
  });

  it.each([
    ['not an object', 'nope', 'not an object'],
    ['a bad item id', { ...event, itemId: 0 }, 'itemId must be a positive integer'],
    ['a bad store id', { ...event, storeId: '3' }, 'storeId must be a positive integer'],
    ['a price in euros', { ...event, price: 1.99 }, 'price must be a non-negative integer (cents)'],
    ['a negative price', { ...event, price: -1 }, 'price must be a non-negative integer (cents)'],
    ['a bad comparison price', { ...event, comparisonPrice: 'x' }, 'comparisonPrice must be null or a non-negative integer (cents)'],
    ['a missing unit', { ...event, priceUnit: undefined }, 'priceUnit must be a string'],
    ['a missing comparison unit', { ...event, comparisonPriceUnit: 5 }, 'comparisonPriceUnit must be a string'],
    ['a non-boolean campaign flag', { ...event, isCampaign: 'yes' }, 'isCampaign must be a boolean'],
    ['an unparsable time', { ...event, observedAt: 'yesterday' }, 'observedAt must be an ISO timestamp'],
    ['a time far in the future', { ...event, observedAt: '2025-11-24T12:00:00Z' }, 'observedAt is more than a day in the future'],
  ])('refuses %s', (_label, input, reason) => {
    expect(parsePriceObservedEvent(input, now)).toEqual({ ok: false, reason });
  });
});

describe('canonicalIsoTime', () => {
  it('answers what the Date round trip answers, for canonical and other forms alike', () => {
    const texts = [
      '2025-11-22T07:15:00.000Z',
      '2025-11-22T09:15:00+02:00',
      '2025-11-22T07:15:00Z',
      '2024-02-29T23:59:59.999Z',
      '2025-11-30T12:00:00.000Z',
      '2025-11-22T24:00:00.000Z',
      '2025-11-22',
      '+012025-01-01T00:00:00.000Z',
    ];
    // And a spread of instants over 30 years, each in its own canonical form.
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2030, 0, 1); ms += 7_777_777_777) texts.push(new Date(ms).toISOString());
    for (const text of texts) {
      const ms = Date.parse(text);
      expect([text, canonicalIsoTime(text, ms)]).toEqual([text, new Date(ms).toISOString()]);
    }
  });
});
