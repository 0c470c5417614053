import { isEmail } from 'class-validator';
import { domainToASCII } from 'node:url';

export type NormalisedEmail = { ok: true; email: string } | { ok: false; reason: string };

/**
 * Trims, lower-cases and converts the domain to its ASCII (punycode) form, then validates the result as an
 * Internet mail address (a dotted domain, at most 254 characters). One address, one spelling: `Matti@Esim.FI`
 * and `matti@esim.fi ` are the same subscriber.
 */
export function normaliseEmail(input: unknown): NormalisedEmail {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, reason: 'email is required' };
  const trimmed = input.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return { ok: false, reason: `email "${trimmed.slice(0, 80)}" is not an e-mail address` };
  const local = trimmed.slice(0, at).toLowerCase();
  const domain = domainToASCII(trimmed.slice(at + 1).toLowerCase());
  const email = `${local}@${domain}`;
  if (!domain || email.length > 254 || local.length > 64 || !isEmail(email, { require_tld: true, allow_utf8_local_part: false, allow_ip_domain: false })) {
    return { ok: false, reason: `email "${trimmed.slice(0, 80)}" is not an e-mail address` };
  }
  return { ok: true, email };
}
