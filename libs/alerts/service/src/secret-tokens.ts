import { createHash, randomBytes } from 'node:crypto';

/** The tokens of the mail links: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');
/** What is stored of a token: its SHA-256, hex. Looked up by this; the token itself is stored nowhere. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * A new manage token for a subscriber (the confirmation answer and each price-drop mail carry one): only its hash
 * is kept, and every token issued keeps working until the address is erased.
 */
export async function issueManageToken(db: Queryable, subscriberId: number | string): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO alerts.manage_tokens (token_hash, subscriber_id) VALUES ($1, $2)', [hashToken(token), subscriberId]);
  return token;
}
