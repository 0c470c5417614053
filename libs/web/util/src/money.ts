/** Formats integer cents as euros with a comma decimal separator, e.g. 123 -> '1,23 €'. Absent -> '--'. */
export function formatPrice(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '--';
  return `${formatCents(cents)} €`;
}

/** 123 -> '1,23' (no currency sign). */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Comparison price such as '2,45 €/kg'; '--' when absent. */
export function formatUnitPrice(cents: number | null | undefined, unit: string | null | undefined): string {
  const price = formatPrice(cents);
  if (price === '--' || !unit) return price;
  return `${price}/${unit}`;
}
