import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { termsProblem } from '../../runs/feed-runner';
import { lidlItem } from './lidl.records';

const fixture = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/lidl/lidl-plus-item.json'), 'utf8')) as { data: Record<string, unknown> };
const now = new Date('2026-12-03T06:00:00.000Z');

describe('Lidl: the Lidl Plus price', () => {
  it('gridbox.data.lidlPlus[].price.price is the member price of card lidl-plus', () => {
    const { price } = lidlItem(fixture.data, { fromOffers: false, now });
    expect(price.memberPrice).toEqual({ card: 'lidl-plus', price: price.price - 50 });
    expect(termsProblem(price)).toBeNull();
  });

  it('an empty lidlPlus gives none; a Lidl Plus price above the shelf price rejects the line', () => {
    expect(lidlItem({ ...fixture.data, lidlPlus: [] }, { fromOffers: false, now }).price).not.toHaveProperty('memberPrice');
    const { price } = lidlItem({ ...fixture.data, lidlPlus: [{ price: { price: 99 } }] }, { fromOffers: false, now });
    expect(termsProblem(price)).toMatch(/^memberPrice.price 9900 cents is above the shelf price/);
    expect(() => lidlItem({ ...fixture.data, lidlPlus: [{ price: { price: 'paljon' } }] }, { fromOffers: false, now })).toThrow(/^lidlPlus\[0\].price.price/);
  });
});
