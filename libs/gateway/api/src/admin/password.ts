import { PASSWORD_MAX_LENGTH } from '@hintakori/gateway-contracts';
import { randomBytes, scrypt as scryptCallback, ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Admin passwords are stored as `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash base64url), with a
 * fresh 16-byte salt per user. Never the password itself.
 */
const PREFIX = 'scrypt';
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 };

export const PASSWORD_MIN_LENGTH = 10;
/** scrypt of a megabyte-long password would still be cheap, but nobody needs more than this. */
export { PASSWORD_MAX_LENGTH };

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: { N: number; r: number; p: number } = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, cost);
  return [PREFIX, cost.N, cost.r, cost.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  const salt = Buffer.from(parts[4], 'base64url');
  const hash = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || hash.length === 0) return null;
  return { N, r, p, salt, hash };
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.hash.length, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * A hash of a random password, checked when the username is unknown so that a wrong username costs
 * the same scrypt work as a wrong password (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (password.trim() !== password) return 'The password must not start or end with whitespace';
  return null;
}
