/** Rounds cents to a typical shelf price: nearest …9 cents (0,99 €, 2,49 €); below one euro …5 or …9. */
export function shelfPrice(cents: number): number {
  if (cents < 100) {
    const fives = Math.round(cents / 5) * 5;
    return Math.max(9, fives % 10 === 0 ? fives - 1 : fives);
  }
  return Math.round((cents + 1) / 10) * 10 - 1;
}
