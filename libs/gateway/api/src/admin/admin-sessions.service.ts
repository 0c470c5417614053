import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { HttpException, HttpStatus, Inject, Injectable, OnModuleInit, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ADMIN_OPTIONS, AdminOptions } from './admin-options';
import { normalizeUsername } from './admin-users';
import { dummyPasswordHash, verifyPassword } from './password';

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

/** Sign-in with throttling, session lookup and sign-out. Sessions live in gateway.admin_sessions. */
@Injectable()
export class AdminSessionsService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CACHE_STORE) private readonly counters: CacheStore,
    @Inject(ADMIN_OPTIONS) private readonly options: AdminOptions,
  ) {}

  /** Computes the dummy hash at boot, so that not even the first unknown username answers faster. */
  async onModuleInit(): Promise<void> {
    await dummyPasswordHash();
  }

  async login(rawUsername: string, password: string, clientAddress: string): Promise<NewAdminSession> {
    const username = normalizeUsername(rawUsername);
    const keys = [`admin-login:user:${username}`, `admin-login:ip:${clientAddress}`];
    const failures = await Promise.all(keys.map((key) => this.counters.get<number>(key)));
    if (failures.some((count) => (count ?? 0) >= this.options.loginMaxFailures)) {
      const minutes = Math.ceil(this.options.loginWindowSeconds / 60);
      throw new HttpException(
        { message: `Too many failed sign-ins: try again in ${minutes} minutes`, error: 'Too Many Requests' },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const [user] = await this.dataSource.query<{ id: number; username: string; passwordHash: string }[]>(
      'SELECT id, username, password_hash AS "passwordHash" FROM gateway.admin_users WHERE username = $1',
      [username],
    );
    // An unknown username costs the same scrypt work as a wrong password.
    const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !matches) {
      await Promise.all(keys.map((key) => this.counters.increment(key, this.options.loginWindowSeconds)));
      throw new UnauthorizedException(WRONG_CREDENTIALS);
    }
    const token = randomBytes(32).toString('base64url');
    const [session] = await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM gateway.admin_sessions WHERE expires_at <= now()');
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

  async logout(token: string | undefined): Promise<void> {
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return;
    await this.dataSource.query('DELETE FROM gateway.admin_sessions WHERE token_hash = $1', [hashToken(token)]);
  }
}
