import { HttpStatus, Inject, Injectable, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ADMIN_OPTIONS, AdminOptions } from './admin-options';
import { normalizeUsername } from './admin-users';
import { clientNetwork } from './client-network';
import { dummyPasswordHash, verifyPassword } from './password';
import { PasswordCheckTurns, SignInRefused } from './password-check-turns';

export const WRONG_CREDENTIALS = 'Wrong username or password';

/** What the gateway tells about a signed-in admin. */
export interface AdminSessionInfo {
  username: string;
  /** ISO time the session ends. */
  expiresAt: string;
}

export interface NewAdminSession extends AdminSessionInfo {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
}

/** 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Sign-in with throttling, session lookup and sign-out. Sessions live in gateway.admin_sessions, sign-in attempts
 * in gateway.admin_login_attempts.
 */
@Injectable()
export class AdminSessionsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ADMIN_OPTIONS) private readonly options: AdminOptions,
  ) {}

  /** Password checks of this process: at most two at once, a short queue, 503 beyond it. */
  private readonly passwordChecks = new PasswordCheckTurns();

  /** Computes the dummy hash at boot, so that not even the first unknown username answers faster. */
  async onModuleInit(): Promise<void> {
    await dummyPasswordHash();
  }

  async login(rawUsername: string, password: string, clientAddress: string): Promise<NewAdminSession> {
    const username = normalizeUsername(rawUsername);
    const keys = { client: `client:${clientNetwork(clientAddress)}`, username: `username:${username}` };
    await this.countAttempt(keys);
    const [user] = await this.dataSource.query<{ id: number; username: string; passwordHash: string }[]>(
      'SELECT id, username, password_hash AS "passwordHash" FROM gateway.admin_users WHERE username = $1',
      [username],
    );
    // An unknown username costs the same scrypt work as a wrong password.
    const stored = user?.passwordHash ?? (await dummyPasswordHash());
    const matches = await this.passwordChecks.run(() => verifyPassword(password, stored));
    if (!user || !matches) throw new UnauthorizedException(WRONG_CREDENTIALS);
    const token = randomBytes(32).toString('base64url');
    const [session] = await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM gateway.admin_sessions WHERE expires_at <= now()');
      // The client proved it knows the password: its count starts over. The username's count only loses this
      // attempt, so that the admin signing in does not wipe out what strangers elsewhere have tried.
      await manager.query('DELETE FROM gateway.admin_login_attempts WHERE key = $1 OR window_ends <= now()', [keys.client]);
      await manager.query('UPDATE gateway.admin_login_attempts SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0', [keys.username]);
      return manager.query<{ expiresAt: Date }[]>(
        `INSERT INTO gateway.admin_sessions (token_hash, admin_user_id, expires_at)
         VALUES ($1, $2, now() + make_interval(secs => $3))
         RETURNING expires_at AS "expiresAt"`,
        [hashToken(token), user.id, this.options.sessionTtlMs / 1000],
      );
    });
    return { token, username: user.username, expiresAt: session.expiresAt.toISOString() };
  }

  /** The admin behind a session cookie, or null when it is unknown, malformed or expired. */
  async resolve(token: string | undefined): Promise<AdminSessionInfo | null> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
    const [row] = await this.dataSource.query<{ username: string; expiresAt: Date }[]>(
      `SELECT u.username, s.expires_at AS "expiresAt"
       FROM gateway.admin_sessions s JOIN gateway.admin_users u ON u.id = s.admin_user_id
       WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hashToken(token)],
    );
    return row ? { username: row.username, expiresAt: row.expiresAt.toISOString() } : null;
  }

  /**
   * Counts this attempt for its client and its username in one statement, before any password is checked, and
   * refuses it with 429 when either is over its limit. Parallel attempts each get their own count (the upsert takes
   * the row's lock), so a burst of N guesses counts N and only the allowed number reach scrypt. The username
   * counts only attempts its client's limit let through: one client hammering a name locks out that client only.
   */
  private async countAttempt(keys: { client: string; username: string }): Promise<void> {
    const [counted] = await this.dataSource.query<
      { clientAttempts: number; clientRetryAfter: number; usernameAttempts: number | null; usernameRetryAfter: number | null }[]
    >(
      `WITH client AS (
         INSERT INTO gateway.admin_login_attempts AS a (key, attempts, window_ends)
         VALUES ($1, 1, now() + make_interval(secs => $3))
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN a.window_ends <= now() THEN 1 ELSE a.attempts + 1 END,
           window_ends = CASE WHEN a.window_ends <= now() THEN EXCLUDED.window_ends ELSE a.window_ends END
         RETURNING a.attempts, a.window_ends
       ), username AS (
         INSERT INTO gateway.admin_login_attempts AS a (key, attempts, window_ends)
         SELECT $2, 1, now() + make_interval(secs => $3) FROM client WHERE client.attempts <= $4
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN a.window_ends <= now() THEN 1 ELSE a.attempts + 1 END,
           window_ends = CASE WHEN a.window_ends <= now() THEN EXCLUDED.window_ends ELSE a.window_ends END
         RETURNING a.attempts, a.window_ends
       )
       SELECT client.attempts AS "clientAttempts",
              ceil(extract(epoch FROM client.window_ends - now()))::integer AS "clientRetryAfter",
              username.attempts AS "usernameAttempts",
              ceil(extract(epoch FROM username.window_ends - now()))::integer AS "usernameRetryAfter"
       FROM client LEFT JOIN username ON true`,
      [keys.client, keys.username, this.options.loginWindowSeconds, this.options.loginMaxFailures],
    );
    const clientRefused = counted.clientAttempts > this.options.loginMaxFailures;
    const usernameRefused = counted.usernameAttempts !== null && counted.usernameAttempts > this.options.loginMaxFailuresPerUsername;
    if (!clientRefused && !usernameRefused) return;
    const retryAfter = Math.max(1, clientRefused ? counted.clientRetryAfter : 0, usernameRefused ? (counted.usernameRetryAfter ?? 0) : 0);
    const minutes = Math.ceil(this.options.loginWindowSeconds / 60);
    throw new SignInRefused(HttpStatus.TOO_MANY_REQUESTS, `Too many failed sign-ins: try again in ${minutes} minutes`, retryAfter);
  }

  async logout(token: string | undefined): Promise<void> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return;
    await this.dataSource.query('DELETE FROM gateway.admin_sessions WHERE token_hash = $1', [hashToken(token)]);
  }
}
