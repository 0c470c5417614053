/**
 * EAN-8 and EAN-13 codes as a shopper scans or types them (the barcode on Finnish groceries). Browser-safe: the
 * gateway answers `GET /api/items/byEan/{ean}` with these checks and the web app's scanner checks typed digits the
 * same way before it asks.
 */

/** The lengths a scanned product code may have: EAN-8 and EAN-13. */
export const EAN_LENGTHS = [8, 13] as const;

/** The GS1 check digit of a GTIN's other digits (EAN-8, UPC-A, EAN-13, GTIN-14): weights 3, 1, 3 … from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

export type EanProblem = 'digits' | 'length' | 'checkDigit';

export type EanCheck = { ok: true; ean: string } | { ok: false; problem: EanProblem; message: string };

/**
 * Checks a code (spaces and hyphens a person types between the digits are dropped): digits only, 8 or 13 of them,
 * and a right GS1 check digit. The message (English, for the API) says which check failed.
 */
export function checkEan(input: string): EanCheck {
  const ean = input.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(ean)) return { ok: false, problem: 'digits', message: 'ean must contain digits only' };
  if (ean.length !== 8 && ean.length !== 13) {
    return { ok: false, problem: 'length', message: `ean must have 8 (EAN-8) or 13 (EAN-13) digits, not ${ean.length}` };
  }
  const expected = gtinCheckDigit(ean.slice(0, -1));
  if (expected !== Number(ean[ean.length - 1])) {
    return { ok: false, problem: 'checkDigit', message: `ean ${ean} has a wrong check digit: ${ean[ean.length - 1]}, expected ${expected}` };
  }
  return { ok: true, ean };
}

/** Finnish messages of each problem, for the web app's code field. */
export const EAN_PROBLEMS_FI: Record<EanProblem, string> = {
  digits: 'Viivakoodissa voi olla vain numeroita.',
  length: 'Viivakoodissa on 8 tai 13 numeroa (EAN-8 tai EAN-13).',
  checkDigit: 'Viivakoodin tarkistusnumero ei täsmää: tarkista numerot.',
};
