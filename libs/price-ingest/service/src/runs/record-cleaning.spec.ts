import type { FeedOffer, FeedProduct, FeedStore } from '../feeds/feed-record';
import { checkedPicture, CLEANED, cleanName, cleanRecords, MAX_NAME_LENGTH } from './record-cleaning';

const product = (name: string, pictureUrl: string | null = null): FeedProduct => ({
  ean: '6408430000036',
  name,
  urlSlug: 'tuote',
  pictureUrl,
  brandName: null,
  originCountry: null,
  description: null,
  ingredients: null,
  nutritionalContent: [],
  priceUnit: 'kpl',
  comparisonPriceUnit: 'kpl',
  category: { externalType: 'jsonl:test', externalId: 'Maito', name: 'Maito', path: ['Maito'] },
});
const store = (name: string): FeedStore => ({
  externalId: 'S1',
  chain: 'prisma',
  type: 'S',
  name,
  urlSlug: 'prisma',
  address: 'Katu 1',
  postalCode: '00100',
  city: 'Helsinki',
  lat: 60.1,
  long: 24.9,
  weeklyHours: [],
  exceptions: [],
});

describe('record cleaning', () => {
  it('takes from the start of a name what a spreadsheet reads as a formula', () => {
    expect(cleanName('=HYPERLINK("https://x/")')).toEqual({ value: 'HYPERLINK("https://x/")', changes: [CLEANED.formula] });
    expect(cleanName(' \t+-@=1+1').value).toBe('1+1');
    expect(cleanName('＝1+1').value).toBe('1+1');
    expect(cleanName('Maito 1 l')).toEqual({ value: 'Maito 1 l', changes: [] });
    // Within a name, the characters are text.
    expect(cleanName('Kevyt-maito =1').value).toBe('Kevyt-maito =1');
  });

  it('turns control characters and line separators into spaces', () => {
    expect(cleanName('Maito\u20281 l\u2029')).toEqual({ value: 'Maito 1 l', changes: [CLEANED.controls] });
    expect(cleanName('Mai\u0000to\r\n\u00851 l\u007f').value).toBe('Mai to 1 l');
    expect(cleanName('<img src=x onerror=alert(1)>').value).toBe('<img src=x onerror=alert(1)>');
  });

  it('cuts a name longer than the limit at a word boundary', () => {
    const long = 'Maito '.repeat(200_000); // 1.2 MB
    const cut = cleanName(long);
    expect(cut.changes).toEqual([CLEANED.cut]);
    expect(Array.from(cut.value).length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
    expect(cut.value).toMatch(/^(Maito )+Maito$/);
    expect(cleanName('x'.repeat(1_000_000)).value).toBe('x'.repeat(MAX_NAME_LENGTH));
    // Characters, not UTF-16 units: 300 emoji are 300 characters.
    expect(cleanName('🥛'.repeat(MAX_NAME_LENGTH)).changes).toEqual([]);
  });

  it('keeps an https picture on a picture host and the site’s own pictures, and drops any other', () => {
    const off = 'https://images.openfoodfacts.org/images/products/640/843/000/0036/front_fi.3.400.jpg';
    expect(checkedPicture(off)).toBe(off);
    expect(checkedPicture('https://imgproxy-retcat.assets.schwarz/fixture/10032843.png')).toBe('https://imgproxy-retcat.assets.schwarz/fixture/10032843.png');
    expect(checkedPicture('/images/products/maito.svg')).toBe('/images/products/maito.svg');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'http://images.openfoodfacts.org/x.jpg',
      'https://evil.example/x.jpg',
      'https://images.openfoodfacts.org.evil.example/x.jpg',
      'https://user@images.openfoodfacts.org/x.jpg',
      'https://images.openfoodfacts.org:8443/x.jpg',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.jpg',
      '/images/../api/x',
      'x.jpg',
    ])
      expect([bad, checkedPicture(bad)]).toEqual([bad, null]);
  });

  it('cleans a chunk’s records, counting each change, and rejects a record with no name left', () => {
    const offer: FeedOffer = { externalStoreId: 'S1', ean: '6408430000036', name: '@Tarjous', image: 'javascript:alert(1)', validUntil: null };
    const out = cleanRecords(
      [store('=cmd|"/C calc"!A0'), store('  =+ ')],
      [
        product('=HYPERLINK("https://x/")', 'javascript:alert(1)'),
        product('Maito', 'https://evil.example/m.jpg'),
        product('Juusto', 'https://images.openfoodfacts.org/j.jpg'),
      ],
      [offer],
    );
    expect(out.stores.map((s) => s.name)).toEqual(['cmd|"/C calc"!A0']);
    expect(out.products.map((p) => [p.name, p.pictureUrl])).toEqual([
      ['HYPERLINK("https://x/")', null],
      ['Maito', null],
      ['Juusto', 'https://images.openfoodfacts.org/j.jpg'],
    ]);
    expect(out.offers).toEqual([{ ...offer, name: 'Tarjous', image: null }]);
    expect(out.rejects).toEqual([expect.objectContaining({ recordKind: 'store', reason: 'store S1 has no name left after cleaning' })]);
    expect(out.counts).toEqual({ [CLEANED.formula]: 3, [CLEANED.picture]: 3 });
  });
});
