import { Compile } from 'typebox/compile';
import { sourceIdOf } from './event-fields';
import { canonicalIsoTime, describeRejected, encodePriceObservedBatch, parsePriceObservedEvent, parsePriceObservedEvents, PriceObservedEvent } from './price-observed';

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
        source: 'k-feed',
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
    ['a missing unit', { ...event, priceUnit: undefined }, 'priceUnit must be a string of at most 50 characters without NUL'],
    ['a missing comparison unit', { ...event, comparisonPriceUnit: 5 }, 'comparisonPriceUnit must be a string of at most 50 characters without NUL'],
    ['a unit with a NUL byte', { ...event, priceUnit: 'k\u0000g' }, 'priceUnit must be a string of at most 50 characters without NUL'],
    ['a unit too long to be one', { ...event, comparisonPriceUnit: 'x'.repeat(51) }, 'comparisonPriceUnit must be a string of at most 50 characters without NUL'],
    ['a non-boolean campaign flag', { ...event, isCampaign: 'yes' }, 'isCampaign must be a boolean'],
    ['an unparsable time', { ...event, observedAt: 'yesterday' }, 'observedAt must be an ISO timestamp'],
    ['a time far in the future', { ...event, observedAt: '2025-11-24T12:00:00Z' }, 'observedAt is more than a day in the future'],
    ['a campaign end that is no time', { ...event, campaignEndsAt: 'ensi viikolla' }, 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['a campaign end not in ISO form', { ...event, campaignEndsAt: 'Dec 31 2025' }, 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['a campaign end as a number', { ...event, campaignEndsAt: 1767225599000 }, 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['a placeholder campaign end', { ...event, campaignEndsAt: '9999-12-31T23:59:59Z' }, 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['an impossible campaign end', { ...event, campaignEndsAt: '2025-13-40T00:00:00Z' }, 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['the shop\'s 30-day low in euros', { ...event, sourceLowest30d: 1.79 }, 'sourceLowest30d must be null or a non-negative integer (cents)'],
    ['a negative 30-day low of the shop', { ...event, sourceLowest30d: -179 }, 'sourceLowest30d must be null or a non-negative integer (cents)'],
    ['the shop\'s 30-day low as text', { ...event, sourceLowest30d: '179' }, 'sourceLowest30d must be null or a non-negative integer (cents)'],
  ])('refuses %s', (_label, input, reason) => {
    expect(parsePriceObservedEvent(input, now)).toEqual({ ok: false, reason });
  });
});

describe('the campaign end and the shop\'s own 30-day low', () => {
  it('keeps both, the end as canonical UTC, and leaves out the absent and null ones', () => {
    const parsed = parsePriceObservedEvent({ ...event, campaignEndsAt: '2025-11-30T23:59:59+02:00', sourceLowest30d: 179 }, now);
    expect(parsed).toMatchObject({ ok: true, observation: { campaignEndsAt: '2025-11-30T21:59:59.000Z', sourceLowest30d: 179 } });
    expect(parsePriceObservedEvent({ ...event, campaignEndsAt: '2025-11-30T21:59:59.000Z' }, now)).toMatchObject({ ok: true, observation: { campaignEndsAt: '2025-11-30T21:59:59.000Z' } });
    // A shop's low of 0 cents is a price, not an absence.
    expect(parsePriceObservedEvent({ ...event, sourceLowest30d: 0 }, now)).toMatchObject({ ok: true, observation: { sourceLowest30d: 0 } });
    for (const input of [event, { ...event, campaignEndsAt: null, sourceLowest30d: null }]) {
      const result = parsePriceObservedEvent(input, now);
      expect(result.ok && result.observation).not.toHaveProperty('campaignEndsAt');
      expect(result.ok && result.observation).not.toHaveProperty('sourceLowest30d');
    }
  });
});

describe('the till terms: member price, multibuy, campaign start and average weight', () => {
  it('keeps them, the start as canonical UTC, and leaves out the absent and null ones', () => {
    const parsed = parsePriceObservedEvent(
      {
        ...event,
        regularPrice: 259,
        campaignStartsAt: '2025-11-24T00:00:00+02:00',
        campaignEndsAt: '2025-11-30T23:59:59+02:00',
        memberPrice: { card: 'k-plussa', price: 179 },
        multibuy: { quantity: 2, price: 350, label: 'ignored' },
        averageWeightGrams: 175,
      },
      now,
    );
    expect(parsed).toEqual({
      ok: true,
      observation: expect.objectContaining({
        campaignStartsAt: '2025-11-23T22:00:00.000Z',
        memberPrice: { card: 'k-plussa', price: 179 },
        multibuy: { quantity: 2, price: 350 },
        averageWeightGrams: 175,
      }),
    });
    const plain = parsePriceObservedEvent({ ...event, campaignStartsAt: null, memberPrice: null, multibuy: null, averageWeightGrams: null }, now);
    for (const field of ['campaignStartsAt', 'memberPrice', 'multibuy', 'averageWeightGrams']) expect(plain.ok && plain.observation).not.toHaveProperty(field);
  });

  it.each([
    ['an unknown card', { memberPrice: { card: 's-etukortti', price: 150 } }, 'memberPrice must be null or { card: k-plussa or lidl-plus, price: integer cents }'],
    ['a member price in euros', { memberPrice: { card: 'k-plussa', price: 1.5 } }, 'memberPrice must be null or { card: k-plussa or lidl-plus, price: integer cents }'],
    ['a member price above the price', { memberPrice: { card: 'k-plussa', price: 200 } }, 'memberPrice.price (200) must not be above the regular price (199)'],
    ['a member price above the regular price', { regularPrice: 249, memberPrice: { card: 'lidl-plus', price: 250 } }, 'memberPrice.price (250) must not be above the regular price (249)'],
    ['a multibuy of one', { multibuy: { quantity: 1, price: 199 } }, 'multibuy must be null or { quantity: an integer 2 … 99, price: integer cents of the bundle }'],
    ['a multibuy of none', { multibuy: { quantity: 0, price: 0 } }, 'multibuy must be null or { quantity: an integer 2 … 99, price: integer cents of the bundle }'],
    ['a multibuy without a price', { multibuy: { quantity: 2 } }, 'multibuy must be null or { quantity: an integer 2 … 99, price: integer cents of the bundle }'],
    ['a weight of 0', { averageWeightGrams: 0 }, 'averageWeightGrams must be null or an integer 1 … 100000 (grams)'],
    ['a weight in kilograms', { averageWeightGrams: 0.175 }, 'averageWeightGrams must be null or an integer 1 … 100000 (grams)'],
    ['a start that is no time', { campaignStartsAt: 'torstaina' }, 'campaignStartsAt must be null or an ISO timestamp from 2000 to 2099'],
    ['a start after the end', { campaignStartsAt: '2025-12-01T00:00:00Z', campaignEndsAt: '2025-11-30T00:00:00Z' }, 'campaignStartsAt must not be after campaignEndsAt'],
  ])('refuses %s, naming the field', (_name, change, reason) => {
    expect(parsePriceObservedEvent({ ...event, ...change }, now)).toEqual({ ok: false, reason });
  });

  it('carries them through the batch form, once when shared and else as columns', () => {
    const bundle = { quantity: 2, price: 350 };
    const observed = (storeId: number, price: number, extra: Partial<PriceObservedEvent> = {}): PriceObservedEvent => ({
      itemId: 10,
      storeId,
      price,
      comparisonPrice: null,
      priceUnit: 'kg',
      comparisonPriceUnit: 'kg',
      isCampaign: false,
      observedAt: '2025-11-22T07:15:00.000Z',
      ...extra,
    });
    const events = [
      observed(1, 199, { memberPrice: { card: 'k-plussa', price: 179 }, multibuy: bundle, averageWeightGrams: 175, campaignStartsAt: '2025-11-24T22:00:00.000Z' }),
      observed(2, 205, { multibuy: bundle }),
      observed(3, 189),
    ];
    const batch = encodePriceObservedBatch(events);
    expect(batch.averageWeightGrams).toEqual([175, null, null]);
    const parsed = parsePriceObservedEvents([JSON.parse(JSON.stringify(batch))], now);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.observations.map((o) => [o.storeId, o.memberPrice ?? null, o.multibuy ?? null, o.averageWeightGrams ?? null, o.campaignStartsAt ?? null])).toEqual([
      [1, { card: 'k-plussa', price: 179 }, bundle, 175, '2025-11-24T22:00:00.000Z'],
      [2, null, bundle, null, null],
      [3, null, null, null, null],
    ]);
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

describe('the batch form (encodePriceObservedBatch, parsePriceObservedEvents)', () => {
  const at = '2025-11-22T07:15:00.000Z';
  const observed = (storeId: number, price: number, extra: Partial<PriceObservedEvent> = {}): PriceObservedEvent => ({
    itemId: 10,
    storeId,
    price,
    comparisonPrice: null,
    priceUnit: 'kpl',
    comparisonPriceUnit: 'kg',
    isCampaign: false,
    observedAt: at,
    source: 'k-group',
    ...extra,
  });
  const observationOf = (event: PriceObservedEvent) => event;

  it('sends a field the events share once and the others as columns, and reads back the same observations in order', () => {
    const events = [observed(1, 199), observed(2, 205, { isCampaign: true, comparisonPrice: 820 }), observed(3, 189, { observedAt: '2025-11-22T08:00:00.000Z' })];
    const batch = encodePriceObservedBatch(events);
    expect(batch).toEqual({
      format: 'columns/1',
      count: 3,
      itemId: 10,
      storeId: [1, 2, 3],
      price: [199, 205, 189],
      comparisonPrice: [null, 820, null],
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
      isCampaign: [false, true, false],
      observedAt: [at, at, '2025-11-22T08:00:00.000Z'],
      source: 'k-group',
      regularPrice: null,
      deposit: null,
      campaignEndsAt: null,
      sourceLowest30d: null,
      campaignStartsAt: null,
      memberPrice: null,
      multibuy: null,
      averageWeightGrams: null,
    });
    // Over the wire (JSON) and back.
    expect(parsePriceObservedEvents([JSON.parse(JSON.stringify(batch))], now)).toEqual({ observations: events.map(observationOf), rejected: [] });
  });

  it('reads single events, arrays of them having been flattened, and batches in one delivery, in order', () => {
    const batch = encodePriceObservedBatch([observed(2, 150), observed(3, 160)]);
    const parsed = parsePriceObservedEvents([observed(1, 100), batch, observed(4, 170)], now);
    expect(parsed.observations.map((o) => o.storeId)).toEqual([1, 2, 3, 4]);
    expect(parsed.rejected).toEqual([]);
  });

  it('reports a bad observation of a batch by its place and keeps the others of the batch', () => {
    const batch = { ...encodePriceObservedBatch([observed(1, 100), observed(2, 110), observed(3, 120)]), price: [100, 1.1, 120] };
    const parsed = parsePriceObservedEvents([observed(9, 90, { itemId: 0 }), batch], now);
    expect(parsed.observations.map((o) => [o.storeId, o.price])).toEqual([
      [1, 100],
      [3, 120],
    ]);
    expect(parsed.rejected).toEqual([
      { index: 0, reason: 'itemId must be a positive integer' },
      { index: 1, row: 1, reason: 'price must be a non-negative integer (cents)' },
    ]);
  });

  it.each([
    ['an unknown format', { format: 'columns/2' }, 'unknown batch format "columns/2" (expected "columns/1")'],
    ['a count of zero', { count: 0 }, 'batch count must be an integer from 1 to 10000'],
    ['a count that is not a number', { count: '2' }, 'batch count must be an integer from 1 to 10000'],
    ['a column shorter than the count', { storeId: [1] }, 'batch column storeId has 1 values for 2 observations'],
  ])('refuses a batch with %s as a whole, keeping the rest of the delivery', (_label, change, reason) => {
    const batch = { ...encodePriceObservedBatch([observed(1, 100), observed(2, 110)]), ...change };
    expect(parsePriceObservedEvents([batch, observed(3, 120)], now)).toEqual({ observations: [observationOf(observed(3, 120))], rejected: [{ index: 0, reason }] });
  });
  it('carries a campaign price\'s regular price through the batch form, and refuses one that is not cents', () => {
    const events = [observed(1, 199, { isCampaign: true, regularPrice: 249 }), observed(2, 205)];
    const parsed = parsePriceObservedEvents([JSON.parse(JSON.stringify(encodePriceObservedBatch(events)))], now);
    expect(parsed.observations.map((o) => o.regularPrice ?? null)).toEqual([249, null]);
    expect(parsed.observations[1]).not.toHaveProperty('regularPrice');
    expect(parsePriceObservedEvent({ ...observed(1, 199), regularPrice: 2.49 }, now)).toEqual({ ok: false, reason: 'regularPrice must be null or a non-negative integer (cents)' });
  });
  it('carries a deposit through the batch form apart from the price, and refuses one that is not cents', () => {
    const events = [observed(1, 199, { deposit: 15 }), observed(2, 205), observed(3, 189, { deposit: 40 })];
    const batch = encodePriceObservedBatch(events);
    expect(batch.deposit).toEqual([15, null, 40]);
    const parsed = parsePriceObservedEvents([JSON.parse(JSON.stringify(batch))], now);
    expect(parsed.observations.map((o) => [o.price, o.deposit ?? null])).toEqual([
      [199, 15],
      [205, null],
      [189, 40],
    ]);
    expect(parsed.observations[1]).not.toHaveProperty('deposit');
    expect(parsePriceObservedEvent({ ...observed(1, 199), deposit: -15 }, now)).toEqual({ ok: false, reason: 'deposit must be null or a non-negative integer (cents)' });
    expect(parsePriceObservedEvent({ ...observed(1, 199), deposit: 0.15 }, now)).toEqual({ ok: false, reason: 'deposit must be null or a non-negative integer (cents)' });
  });
  it('carries a campaign end and the shop\'s own 30-day low through the batch form, once when shared and else as columns', () => {
    const ends = '2025-11-30T21:59:59.000Z';
    const events = [
      observed(1, 199, { isCampaign: true, campaignEndsAt: ends, sourceLowest30d: 189 }),
      observed(2, 205, { isCampaign: true, campaignEndsAt: ends }),
      observed(3, 189, { isCampaign: true, campaignEndsAt: ends, sourceLowest30d: 179 }),
    ];
    const batch = encodePriceObservedBatch(events);
    expect(batch.campaignEndsAt).toBe(ends);
    expect(batch.sourceLowest30d).toEqual([189, null, 179]);
    const parsed = parsePriceObservedEvents([JSON.parse(JSON.stringify(batch))], now);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.observations.map((o) => [o.storeId, o.campaignEndsAt ?? null, o.sourceLowest30d ?? null])).toEqual([
      [1, ends, 189],
      [2, ends, null],
      [3, ends, 179],
    ]);
    expect(parsed.observations[1]).not.toHaveProperty('sourceLowest30d');
    // Different ends go as a column; one without an end has none.
    const mixed = encodePriceObservedBatch([observed(1, 199, { campaignEndsAt: ends }), observed(2, 205), observed(3, 189, { campaignEndsAt: '2025-12-07T21:59:59.000Z' })]);
    expect(mixed.campaignEndsAt).toEqual([ends, null, '2025-12-07T21:59:59.000Z']);
    expect(mixed.sourceLowest30d).toBeNull();
    const back = parsePriceObservedEvents([JSON.parse(JSON.stringify(mixed))], now).observations;
    expect(back.map((o) => o.campaignEndsAt ?? null)).toEqual([ends, null, '2025-12-07T21:59:59.000Z']);
    expect(back[1]).not.toHaveProperty('campaignEndsAt');
  });
  it('reports a bad campaign end or shop\'s low of a batch by its place and keeps the others', () => {
    const batch = {
      ...encodePriceObservedBatch([observed(1, 100), observed(2, 110), observed(3, 120)]),
      campaignEndsAt: ['2025-11-30T21:59:59.000Z', 'huomenna', null],
      sourceLowest30d: [null, null, 1.2],
    };
    const parsed = parsePriceObservedEvents([batch], now);
    expect(parsed.observations.map((o) => o.storeId)).toEqual([1]);
    expect(parsed.rejected).toEqual([
      { index: 0, row: 1, reason: 'campaignEndsAt must be null or an ISO timestamp from 2000 to 2099' },
      { index: 0, row: 2, reason: 'sourceLowest30d must be null or a non-negative integer (cents)' },
    ]);
  });
  it('reads a batch of a producer that knows neither field', () => {
    const { campaignEndsAt: _e, sourceLowest30d: _l, ...older } = encodePriceObservedBatch([observed(1, 100), observed(2, 110)]);
    const parsed = parsePriceObservedEvents([older], now);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.observations.map((o) => [o.storeId, 'campaignEndsAt' in o, 'sourceLowest30d' in o])).toEqual([
      [1, false, false],
      [2, false, false],
    ]);
  });
});

describe('describeRejected', () => {
  it('names the event, and the observation within a batch', () => {
    expect(describeRejected({ index: 2, reason: 'not an object' })).toBe('event #2: not an object');
    expect(describeRejected({ index: 0, row: 7, reason: 'price must be a non-negative integer (cents)' })).toBe(
      'event #0 (observation 7 of its batch): price must be a non-negative integer (cents)',
    );
  });
});

describe('parsePriceObservedEvent and the compiled PriceObservedEvent schema', () => {
  const validator = Compile(PriceObservedEvent);
  const DAY_MS = 24 * 60 * 60 * 1000;

  /** What the schema accepts, with the one rule it cannot hold: a time more than a day ahead of `now`. */
  const schemaAccepts = (input: unknown) => {
    if (!validator.Check(input)) return false;
    const e = input as PriceObservedEvent;
    if (Date.parse(e.observedAt) - now.getTime() > DAY_MS) return false;
    // The two rules between fields that a JSON Schema cannot state.
    if (e.campaignStartsAt != null && e.campaignEndsAt != null && Date.parse(e.campaignStartsAt) > Date.parse(e.campaignEndsAt)) return false;
    return e.memberPrice == null || e.memberPrice.price <= (e.regularPrice ?? e.price);
  };

  /** The observation of an event the schema accepts, by the Date round trip (not the parser's shortcut). */
  const observationOf = (e: PriceObservedEvent) => ({
    itemId: e.itemId,
    storeId: e.storeId,
    price: e.price,
    comparisonPrice: e.comparisonPrice ?? null,
    priceUnit: e.priceUnit,
    comparisonPriceUnit: e.comparisonPriceUnit,
    isCampaign: e.isCampaign ?? false,
    observedAt: new Date(e.observedAt).toISOString(),
    ...(sourceIdOf(e.source) === null ? {} : { source: e.source }),
    ...(e.regularPrice == null ? {} : { regularPrice: e.regularPrice }),
    ...(e.deposit == null ? {} : { deposit: e.deposit }),
    ...(e.campaignEndsAt == null ? {} : { campaignEndsAt: new Date(e.campaignEndsAt).toISOString() }),
    ...(e.sourceLowest30d == null ? {} : { sourceLowest30d: e.sourceLowest30d }),
    ...(e.campaignStartsAt == null ? {} : { campaignStartsAt: new Date(e.campaignStartsAt).toISOString() }),
    ...(e.memberPrice == null ? {} : { memberPrice: { card: e.memberPrice.card, price: e.memberPrice.price } }),
    ...(e.multibuy == null ? {} : { multibuy: { quantity: e.multibuy.quantity, price: e.multibuy.price } }),
    ...(e.averageWeightGrams == null ? {} : { averageWeightGrams: e.averageWeightGrams }),
  });

  /** A small seeded generator (mulberry32), so a failure names an input that can be made again. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const numbers = [0, 1, -1, 7, 199, 1.5, -0.5, 2_147_483_647, 2_147_483_648, Number.NaN, Number.POSITIVE_INFINITY, 1e3];
  const texts = ['', 'kpl', 'kg', ' ', 'x'.repeat(50), 'x'.repeat(51), '😀'.repeat(25), '😀'.repeat(26), 'k\u0000g', 'ä'.repeat(50), '3', 's-group', 'x'.repeat(101)];
  const times = [
    '2025-11-22T07:15:00.000Z',
    '2025-11-22T09:15:00+02:00',
    '2025-11-22T07:15:00Z',
    '2025-11-22 07:15',
    '2025-11-22',
    '2025-11-23T11:59:59.000Z',
    '2025-11-23T12:00:01.000Z',
    '2025-11-30T23:59:59+0200',
    '2099-12-31T23:59:59Z',
    '2100-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '1999-12-31T23:59:59Z',
    '1999-12-31T23:59:59.999Z',
    '2000-01-01T00:00:00.000Z',
    '2025-13-40T00:00:00Z',
    '2024-02-30T10:00:00Z',
    'Dec 31 2025',
    'yesterday',
    '+012025-01-01T00:00:00.000Z',
    '2025-11-22T07:15:00.123456789Z',
  ];
  const others = [undefined, null, true, false, [], {}, [1], { value: 1 }];
  const memberPrices = [
    { card: 'k-plussa', price: 179 },
    { card: 'lidl-plus', price: 0 },
    { card: 'k-plussa', price: 250 },
    { card: 's-etukortti', price: 179 },
    { card: 'plussa', price: 179 },
    { card: 'k-plussa', price: 1.79 },
    { card: 'k-plussa' },
    { price: 179 },
    { card: 'lidl-plus', price: 150, extra: 1 },
  ];
  const multibuys = [
    { quantity: 2, price: 500 },
    { quantity: 99, price: 1 },
    { quantity: 1, price: 199 },
    { quantity: 0, price: 0 },
    { quantity: 100, price: 500 },
    { quantity: 2.5, price: 500 },
    { quantity: 3, price: -1 },
    { quantity: 3 },
    { quantity: 3, price: 700, label: '3 kpl' },
  ];
  const weights = [1, 175, 100_000, 0, 100_001, 17.5, -175, '175'];
  const pool: unknown[] = [...numbers, ...texts, ...times, ...others, ...memberPrices, ...multibuys];
  const fields = [
    'itemId',
    'storeId',
    'price',
    'comparisonPrice',
    'priceUnit',
    'comparisonPriceUnit',
    'isCampaign',
    'observedAt',
    'source',
    'regularPrice',
    'deposit',
    'campaignEndsAt',
    'sourceLowest30d',
    'campaignStartsAt',
    'memberPrice',
    'multibuy',
    'averageWeightGrams',
  ] as const;

  function generated(next: () => number): unknown {
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
    if (next() < 0.02) return pick([null, 'nope', 5, [event], true]);
    const input: Record<string, unknown> = { ...event, observedAt: pick(times.slice(0, 6)) };
    if (next() < 0.3) input.campaignEndsAt = pick(times);
    if (next() < 0.3) input.regularPrice = pick(numbers);
    if (next() < 0.2) input.deposit = pick([null, 15, 40]);
    if (next() < 0.2) input.sourceLowest30d = pick([null, 0, 179]);
    // The till terms mostly valid, so that the rest of the event still decides often enough.
    if (next() < 0.15) input.campaignStartsAt = pick(next() < 0.7 ? times.slice(0, 3) : times);
    if (next() < 0.2) input.memberPrice = pick(next() < 0.6 ? [null, memberPrices[0], memberPrices[1]] : memberPrices);
    if (next() < 0.2) input.multibuy = pick(next() < 0.6 ? [null, multibuys[0], multibuys[1]] : multibuys);
    if (next() < 0.2) input.averageWeightGrams = pick(next() < 0.6 ? [null, 1, 175] : weights);
    // Up to three fields changed to any value of the pool, or left out.
    const changes = Math.floor(next() * 4);
    for (let c = 0; c < changes; c++) {
      const field = pick(fields);
      if (next() < 0.15) delete input[field];
      else input[field] = pick(pool);
    }
    return input;
  }

  it('accept and refuse the same generated events, and the parser answers what the schema describes', () => {
    const next = random(35);
    const disagreements: unknown[] = [];
    let accepted = 0;
    for (let n = 0; n < 20_000; n++) {
      const input = generated(next);
      const parsed = parsePriceObservedEvent(input, now);
      const expected = schemaAccepts(input);
      if (parsed.ok !== expected) disagreements.push({ input, parsed });
      else if (parsed.ok) {
        accepted++;
        const want = observationOf(input as PriceObservedEvent);
        if (JSON.stringify(parsed.observation) !== JSON.stringify(want)) disagreements.push({ input, parsed: parsed.observation, want });
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both answers are well represented (the generator is not all one or the other).
    expect(accepted).toBeGreaterThan(4000);
    expect(accepted).toBeLessThan(16_000);
  });
});
