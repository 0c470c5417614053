import { decodePathSegment, entitySlug, idFromSlug, parseSlug } from './slug';

describe('slug rule', () => {
  it('takes the numeric id after the last hyphen', () => {
    expect(parseSlug('prisma-kamppi-12')).toEqual({ kind: 'id', id: 12 });
    expect(idFromSlug('valio-kevytmaito-1l-6408430000012')).toBe(6408430000012);
    expect(idFromSlug('42')).toBe(42);
  });

  it('falls back to a text search when the last part is not numeric', () => {
    expect(parseSlug('prisma-kamppi')).toEqual({ kind: 'search', text: 'prisma kamppi' });
    expect(parseSlug('k-market-12a')).toEqual({ kind: 'search', text: 'k market 12a' });
    expect(idFromSlug('')).toBeNull();
    expect(idFromSlug(undefined)).toBeNull();
  });

  it('builds {urlSlug}-{id} without doubling an id already present', () => {
    expect(entitySlug({ urlSlug: 'prisma-kamppi', id: 12 })).toBe('prisma-kamppi-12');
    expect(entitySlug({ urlSlug: 'valio-maito-7', id: 7 })).toBe('valio-maito-7');
  });
});

describe('decodePathSegment', () => {
  it('decodes percent-encoding and keeps a segment that is not valid encoding as it is', () => {
    expect(decodePathSegment('hedelm%C3%A4t')).toBe('hedelmät');
    expect(decodePathSegment('100%-mehu')).toBe('100%-mehu');
  });
});
