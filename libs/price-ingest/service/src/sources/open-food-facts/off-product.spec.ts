import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecordError } from '../../feeds/values';
import { OFF_PRODUCT_FIELDS, offProductToFeed, offProductUrl } from './off-product';

const FIXTURES = join(__dirname, '../../../fixtures/open-food-facts');
const answer = (ean: string) => JSON.parse(readFileSync(join(FIXTURES, `product-${ean}.json`), 'utf8')) as { product: Record<string, unknown> };

describe('offProductToFeed', () => {
  it('reads a Finnish product with Finnish texts first', () => {
    const product = offProductToFeed(answer('6408430000012').product);
    expect(product).toMatchObject({
      ean: '6408430000012',
      name: 'Valio Luomu kevytmaito 1 l',
      urlSlug: 'valio-luomu-kevytmaito-1-l',
      brandName: 'Valio',
      description: 'Rasvaton maito',
      ingredients: 'Luomu kevytmaito, D-vitamiini',
      originCountry: 'Suomi',
      pictureUrl: expect.stringContaining('front_fi'),
      priceUnit: 'kpl',
      comparisonPriceUnit: 'l',
      source: 'open-food-facts',
    });
  });

  it('unwraps a whole API answer', () => {
    expect(offProductToFeed(answer('6408430000012')).ean).toBe('6408430000012');
  });

  it('falls back to the English texts and maps origins to Finnish country names', () => {
    const product = offProductToFeed(answer('5000000001231').product);
    expect(product).toMatchObject({
      name: 'English Breakfast Tea',
      brandName: "Brewster's",
      description: 'Black tea bags',
      ingredients: 'Black tea',
      originCountry: 'Kenia, Intia, Assam',
      priceUnit: 'kpl',
      comparisonPriceUnit: 'kg',
    });
  });

  it('turns the nutriments per 100 g into the rows of a Finnish label', () => {
    expect(offProductToFeed(answer('6408430000012').product).nutritionalContent).toEqual([
      { name: 'Energia', value: '193 kJ / 46 kcal', ri: null },
      { name: 'Rasva', value: '1,5 g', ri: null },
      { name: 'josta tyydyttyneitä', value: '1,0 g', ri: null },
      { name: 'Hiilihydraatit', value: '4,9 g', ri: null },
      { name: 'josta sokereita', value: '4,9 g', ri: null },
      { name: 'Ravintokuitu', value: '0,0 g', ri: null },
      { name: 'Proteiini', value: '3,4 g', ri: null },
      { name: 'Suola', value: '0,10 g', ri: null },
    ]);
    const rows = offProductToFeed({ code: '6408430000012', product_name: 'x', nutriments: { energy_100g: '1500', 'fat_100g': 23.46, 'salt_100g': 1.25, 'sugars_100g': -1 } }).nutritionalContent;
    expect(rows).toEqual([
      { name: 'Energia', value: '1500 kJ', ri: null },
      { name: 'Rasva', value: '23 g', ri: null },
      { name: 'Suola', value: '1,3 g', ri: null },
    ]);
  });

  it('derives the units from the quantity', () => {
    const units = (fields: Record<string, unknown>) => {
      const { priceUnit, comparisonPriceUnit } = offProductToFeed({ code: '6408430000012', product_name: 'x', ...fields });
      return `${priceUnit}/${comparisonPriceUnit}`;
    };
    expect(units({ product_quantity: 500, product_quantity_unit: 'g' })).toBe('kpl/kg');
    expect(units({ quantity: '6 x 33 cl' })).toBe('kpl/l');
    expect(units({ quantity: '1,5 kg' })).toBe('kpl/kg');
    expect(units({ quantity: '10 kpl' })).toBe('kpl/kpl');
    expect(units({})).toBe('kpl/kpl');
    expect(units({ quantity: 'irtomyynti, hinta per kg' })).toBe('kg/kg');
  });

  it('uses the most specific category tag and the hierarchy as the path', () => {
    expect(offProductToFeed(answer('6408430000012').product).category).toEqual({
      externalType: 'open-food-facts',
      externalId: 'en:semi-skimmed-milks',
      name: 'Semi skimmed milks',
      path: ['en:dairies', 'en:milks', 'en:semi-skimmed-milks'],
    });
    expect(offProductToFeed({ code: '6408430000012', product_name: 'x', categories_tags: ['en:snacks'] }).category.externalId).toBe('en:snacks');
    expect(offProductToFeed({ code: '6408430000012', product_name: 'x' }).category).toMatchObject({ externalId: 'en:unknown', path: ['en:unknown'] });
  });

  it('rejects a wrong check digit, a missing name and a non-object', () => {
    expect(() => offProductToFeed({ code: '6408430000013', product_name: 'x' })).toThrow(new RecordError('EAN 6408430000013 has a wrong check digit'));
    expect(() => offProductToFeed({ code: '6408430000012', product_name: ' ' })).toThrow(/has no name in Open Food Facts/);
    expect(() => offProductToFeed('nope')).toThrow(RecordError);
    // The EAN asked for wins over the code in the answer.
    expect(offProductToFeed({ code: '0006408430000012', product_name: 'x' }, '6408430000012').ean).toBe('6408430000012');
  });

  it('builds the API URL with only the fields it reads', () => {
    const url = new URL(offProductUrl('https://world.openfoodfacts.org/', '6408430000012'));
    expect(url.pathname).toBe('/api/v2/product/6408430000012.json');
    expect(url.searchParams.get('fields')?.split(',')).toEqual([...OFF_PRODUCT_FIELDS]);
  });
});
