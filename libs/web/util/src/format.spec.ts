import { formatCents, formatPrice, formatUnitPrice } from './money';
import { formatDistance } from './distance';

describe('formatPrice', () => {
  it('divides cents by 100, uses two decimals, a comma and a euro sign', () => {
    expect(formatPrice(123)).toBe('1,23 €');
    expect(formatPrice(5)).toBe('0,05 €');
    expect(formatPrice(1000)).toBe('10,00 €');
    expect(formatPrice(0)).toBe('0,00 €');
  });

  it("shows '--' when the price is absent", () => {
    expect(formatPrice(null)).toBe('--');
    expect(formatPrice(undefined)).toBe('--');
    expect(formatPrice(Number.NaN)).toBe('--');
  });

  it('formats unit prices and bare cents', () => {
    expect(formatUnitPrice(245, 'kg')).toBe('2,45 €/kg');
    expect(formatUnitPrice(null, 'kg')).toBe('--');
    expect(formatCents(1999)).toBe('19,99');
  });
});

describe('formatDistance', () => {
  it('uses kilometres with one decimal from 1 km up', () => {
    expect(formatDistance(1000)).toBe('1,0 km');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(15_360)).toBe('15,4 km');
  });

  it('uses whole metres below 1 km', () => {
    expect(formatDistance(999.4)).toBe('999 m');
    expect(formatDistance(85)).toBe('85 m');
  });
});
