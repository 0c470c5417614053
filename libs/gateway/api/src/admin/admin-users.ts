import type { DataSource } from 'typeorm';
import { hashPassword, passwordProblem } from './password';

export const USERNAME_PATTERN = /^[a-z0-9._-]{3,64}$/;

/** Usernames are case-insensitive: kept in lower case. */
export function normalizeUsername(raw: string): string {
  return raw.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  return USERNAME_PATTERN.test(username) ? null : 'The username must be 3-64 characters of a-z, 0-9, dot, underscore or hyphen';
}

export class AdminUserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminUserError';
  }
}

export type AdminUserWrite = 'created' | 'password-reset';

/**
 * Creates an admin (the CLI's work). With `resetPassword` an existing admin gets the new password and
 * every session of theirs ends; without it an existing username is an error.
 */
export async function createAdminUser(
  dataSource: Pick<DataSource, 'query' | 'transaction'>,
  rawUsername: string,
  password: string,
  options: { resetPassword?: boolean } = {},
): Promise<AdminUserWrite> {
  const username = normalizeUsername(rawUsername);
  const problem = usernameProblem(username) ?? passwordProblem(password);
  if (problem) throw new AdminUserError(problem);
  const passwordHash = await hashPassword(password);
  return dataSource.transaction(async (manager) => {
    const existing = await manager.query<{ id: number }[]>('SELECT id FROM gateway.admin_users WHERE username = $1 FOR UPDATE', [username]);
    if (existing.length === 0) {
      await manager.query('INSERT INTO gateway.admin_users (username, password_hash) VALUES ($1, $2)', [username, passwordHash]);
      return 'created';
    }
    if (!options.resetPassword) throw new AdminUserError(`Admin "${username}" already exists (use --reset-password to give them a new password)`);
    await manager.query('UPDATE gateway.admin_users SET password_hash = $2, updated_at = now() WHERE id = $1', [existing[0].id, passwordHash]);
    await manager.query('DELETE FROM gateway.admin_sessions WHERE admin_user_id = $1', [existing[0].id]);
    return 'password-reset';
  });
}
