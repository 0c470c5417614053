// Bound once at module level: global lookups are slow inside jest's vm sandbox and this runs per price.
const { round, max } = Math;

/** Rounds cents to a typical shelf price: nearest …9 cents (0,99 €, 2,49 €); below one euro …5 or …9. */
export function shelfPrice(cents: number): number {
  if (cents < 100) {
    const fives = round(cents / 5) * 5;
    return max(9, fives % 10 === 0 ? fives - 1 : fives);
  }
  return round((cents + 1) / 10) * 10 - 1;
}
