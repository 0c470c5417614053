import type { StoreDto } from '@hintakori/stores-contracts';
import { BadRequestException } from '@nestjs/common';
import type { Backend } from '../backend';
import { CompiledContract, type RouteInput } from '../http/contract';
import { basketContract, ComparisonsController, splitContract, storeTotalsContract } from './comparisons.controller';
import { tillRequest } from './till-request';

const UNKNOWN_CARD = 'cards must be any of k-plussa, lidl-plus, s-etukortti (each once), got "s-bonus"';

/** A message of the 400 the route's contract or handler answers, or the request the handler sent on. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return String((error as BadRequestException).message);
  }
  throw new Error('accepted');
}

/** Today in Helsinki plus `days`, YYYY-MM-DD. */
function helsinkiDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki' }).format(new Date());
  const ms = Date.parse(`${today}T12:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

const stores = [
  { id: 1, type: 'S' },
  { id: 2, type: 'K' },
  { id: 3, type: 'S' },
  { id: 4, type: 'L' },
] as StoreDto[];

function controllerWith() {
  const backend = {
    stores: jest.fn(async (ids: number[]) => stores.filter((store) => ids.includes(store.id))),
    storeTotals: jest.fn().mockResolvedValue({ storeTotals: [] }),
    basket: jest.fn().mockResolvedValue([]),
    split: jest.fn().mockResolvedValue({}),
    items: jest.fn().mockResolvedValue([]),
    latestCart: jest.fn().mockResolvedValue(null),
    cart: jest.fn(),
  };
  return { backend, controller: new ComparisonsController(backend as unknown as Backend) };
}

describe('POST /api/shoppingCartComparisons/storeTotals: cards and date', () => {
  const contract = new CompiledContract(storeTotalsContract);
  const body = { storeIds: [1, 2], items: [{ itemId: 5, quantity: 2 }] };
  const validate = (extra: Record<string, unknown>) => contract.validate({ body: { ...body, ...extra } }) as RouteInput<typeof storeTotalsContract>;

  it('takes any of the cards, and a date', () => {
    expect(validate({ cards: ['k-plussa', 'lidl-plus', 's-etukortti'], date: helsinkiDay(0) }).body.cards).toEqual(['k-plussa', 'lidl-plus', 's-etukortti']);
    expect(validate({ cards: [] }).body.cards).toEqual([]);
  });

  it.each([
    ['an unknown card', { cards: ['k-plussa', 's-bonus'] }, UNKNOWN_CARD],
    ['a repeated card', { cards: ['k-plussa', 'k-plussa'] }, 'cards must not list the same value twice'],
    ['cards not a list', { cards: 'k-plussa' }, 'cards must be a list, got "k-plussa"'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date must be a date that exists, YYYY-MM-DD, within 60 days of today, got "2026-02-30"'],
    ['a date that is not YYYY-MM-DD', { date: '3.12.2026' }, 'date must be a date that exists, YYYY-MM-DD, within 60 days of today, got "3.12.2026"'],
    ['bonusStoreIds from the outside', { bonusStoreIds: [1] }, 'Unknown field in body: bonusStoreIds'],
  ])('refuses %s with a 400 naming the field', (_case, extra, message) => {
    expect(refusal(() => validate(extra))).toBe(message);
  });

  it('refuses a date more than 60 days from today in either direction, naming date', async () => {
    const { controller } = controllerWith();
    for (const days of [61, -61]) {
      const input = validate({ date: helsinkiDay(days) });
      await expect(controller.storeTotals(input, 'owner')).rejects.toThrow(/^date must be at most 60 days from today \(\d{4}-\d{2}-\d{2}\); \d{4}-\d{2}-\d{2} is 61 days (ahead|back)$/);
    }
  });

  it('passes cards and date on, and fills bonusStoreIds with the S group stores when the cards include s-etukortti', async () => {
    const { backend, controller } = controllerWith();
    const date = helsinkiDay(60);
    await controller.storeTotals(validate({ storeIds: [1, 2, 3, 4], cards: ['s-etukortti', 'k-plussa'], date }), 'owner');
    expect(backend.stores).toHaveBeenCalledWith([1, 2, 3, 4]);
    expect(backend.storeTotals).toHaveBeenCalledWith([1, 2, 3, 4], [{ itemId: 5, quantity: 2 }], { cards: ['s-etukortti', 'k-plussa'], date, bonusStoreIds: [1, 3] });
  });

  it('defaults to no cards and today in Helsinki, without looking stores up', async () => {
    const { backend, controller } = controllerWith();
    await controller.storeTotals(validate({ cards: ['lidl-plus'] }), 'owner');
    expect(backend.storeTotals).toHaveBeenLastCalledWith([1, 2], [{ itemId: 5, quantity: 2 }], { cards: ['lidl-plus'], date: helsinkiDay(0) });
    await controller.storeTotals(validate({}), 'owner');
    expect(backend.storeTotals).toHaveBeenLastCalledWith([1, 2], [{ itemId: 5, quantity: 2 }], { date: helsinkiDay(0) });
    expect(backend.stores).not.toHaveBeenCalled();
  });
});

describe('GET /api/shoppingCartComparisons: cards and date as query parameters', () => {
  const contract = new CompiledContract(basketContract);
  const validate = (query: Record<string, unknown>) => contract.validate({ query: { storeIds: '1,2', ...query } }) as RouteInput<typeof basketContract>;

  it('takes cards comma-separated or repeated', () => {
    expect(validate({ cards: 'k-plussa,s-etukortti' }).query.cards).toEqual(['k-plussa', 's-etukortti']);
    expect(validate({ cards: ['k-plussa', 'lidl-plus'] }).query.cards).toEqual(['k-plussa', 'lidl-plus']);
  });

  it.each([
    [{ cards: 'k-plussa,s-bonus' }, UNKNOWN_CARD],
    [{ cards: '' }, 'cards must be any of k-plussa, lidl-plus, s-etukortti (each once), got ""'],
    [{ cards: 'k-plussa,' }, 'cards must be any of k-plussa, lidl-plus, s-etukortti (each once), got ""'],
    [{ cards: 'lidl-plus,lidl-plus' }, 'cards must not list the same value twice'],
    [{ date: '2026-13-01' }, 'date must be a date that exists, YYYY-MM-DD, within 60 days of today, got "2026-13-01"'],
    [{ bonusStoreIds: '1' }, 'Unknown query parameter: bonusStoreIds'],
  ])('refuses %j naming the field', (query, message) => {
    expect(refusal(() => validate(query))).toBe(message);
  });

  it('passes cards, date and the S group stores on to the basket', async () => {
    const { backend, controller } = controllerWith();
    backend.latestCart.mockResolvedValue({ items: [{ itemId: 5, quantity: 1 }] });
    await controller.basket(validate({ storeIds: '2,3', cards: 's-etukortti', date: helsinkiDay(1) }), 'owner');
    expect(backend.basket).toHaveBeenCalledWith([2, 3], [{ itemId: 5, quantity: 1 }], { cards: ['s-etukortti'], date: helsinkiDay(1), bonusStoreIds: [3] });
  });
});

describe('POST /api/shoppingCartComparisons/split: cards and date', () => {
  const contract = new CompiledContract(splitContract);
  const validate = (extra: Record<string, unknown>) => contract.validate({ body: { storeIds: [1, 2], items: [{ itemId: 5, quantity: 3 }], ...extra } }) as RouteInput<typeof splitContract>;

  it('refuses an unknown card naming cards', () => {
    expect(refusal(() => validate({ cards: ['s-bonus'] }))).toBe(UNKNOWN_CARD);
  });

  it('passes cards, date and bonusStoreIds in the split request', async () => {
    const { backend, controller } = controllerWith();
    await controller.split(validate({ cards: ['s-etukortti'], date: helsinkiDay(-3) }), 'owner');
    expect(backend.split).toHaveBeenCalledWith(expect.objectContaining({ storeIds: [1, 2], cards: ['s-etukortti'], date: helsinkiDay(-3), bonusStoreIds: [1] }));
  });
});

describe('tillRequest', () => {
  const now = new Date('2026-12-03T10:00:00Z');
  const lookUp = jest.fn(async () => stores);

  it('takes a day 60 days ahead and refuses 61, naming date', async () => {
    await expect(tillRequest({ date: '2027-02-01' }, [1], lookUp, now)).resolves.toEqual({ date: '2027-02-01' });
    await expect(tillRequest({ date: '2027-02-02' }, [1], lookUp, now)).rejects.toThrow('date must be at most 60 days from today (2026-12-03); 2027-02-02 is 61 days ahead');
  });

  it('answers no bonus stores when none of the compared stores is of the S group', async () => {
    await expect(tillRequest({ cards: ['s-etukortti'] }, [2, 4], async () => stores.filter((s) => s.type !== 'S'), now)).resolves.toEqual({ cards: ['s-etukortti'], date: '2026-12-03', bonusStoreIds: [] });
  });
});
