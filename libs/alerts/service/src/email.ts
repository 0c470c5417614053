/**
 * One address, one spelling: `Matti@Esimerkki.FI ` and `matti@esimerkki.fi` are the same subscriber. The address has
 * been checked against the contract's EmailAddress schema (the one rule of an address, the gateway's too) before it
 * gets here; this only trims it and lower-cases it.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
