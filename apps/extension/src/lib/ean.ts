/** An EAN-8 or EAN-13 (GTIN) with the right GS1 check digit: the API refuses any other, so nothing else is asked or sent. */
export function isEan(value: unknown): value is string {
  if (typeof value !== 'string' || !/^(\d{8}|\d{13})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop() as number;
  // GS1: from the right (check digit excluded), weights 3, 1, 3, …
  const sum = digits.reverse().reduce((acc, digit, i) => acc + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
