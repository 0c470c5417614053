import { helsinkiToday } from './helsinki-today';

describe('helsinkiToday', () => {
  it('is already the next day in Finland shortly before midnight UTC', () => {
    expect(helsinkiToday(new Date('2025-01-31T22:30:00Z'))).toBe('2025-02-01');
    expect(helsinkiToday(new Date('2025-07-15T20:59:00Z'))).toBe('2025-07-15');
    expect(helsinkiToday(new Date('2025-07-15T21:00:00Z'))).toBe('2025-07-16');
  });
});
