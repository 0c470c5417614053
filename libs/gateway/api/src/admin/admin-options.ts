import { envBool } from '@hintakori/platform-config';
/** Settings of the admin area, read from the environment once at boot; a bad value stops the gateway. */
export interface AdminOptions {
  /** How long a session lasts from sign-in. ADMIN_SESSION_TTL_MINUTES, default 8 hours. */
  sessionTtlMs: number;
  /**
   * Failed sign-ins allowed per client in a window (an IPv4 address, or an IPv6 /64). ADMIN_LOGIN_MAX_FAILURES, default 10.
   * Every attempt is counted before its password is checked; a successful sign-in clears its client's count.
   */
  loginMaxFailures: number;
  /**
   * Failed sign-ins allowed per username from all clients together in a window: much larger, so that one stranger
   * cannot lock the admin out. ADMIN_LOGIN_MAX_FAILURES_PER_USERNAME, default 100. Attempts a client's own limit
   * refused do not count here.
   */
  loginMaxFailuresPerUsername: number;
  /** Length of that window. ADMIN_LOGIN_WINDOW_MINUTES, default 15. */
  loginWindowSeconds: number;
  /** Set the cookie's Secure flag even on plain http (behind a TLS proxy that does not say so). COOKIE_SECURE. */
  forceSecureCookie: boolean;
  /** Extra origins allowed to make admin writes, e.g. the Vite dev server. ADMIN_ALLOWED_ORIGINS, comma-separated. */
  allowedOrigins: string[];
}

export const ADMIN_OPTIONS = Symbol('ADMIN_OPTIONS');

type Env = Record<string, string | undefined>;

function positiveInt(env: Env, name: string, fallback: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    problems.push(`${name} must be an integer between 1 and ${max}, got "${raw}"`);
    return fallback;
  }
  return value;
}

export function loadAdminOptions(env: Env = process.env): AdminOptions {
  const problems: string[] = [];
  const ttlMinutes = positiveInt(env, 'ADMIN_SESSION_TTL_MINUTES', 8 * 60, 30 * 24 * 60, problems);
  const loginMaxFailures = positiveInt(env, 'ADMIN_LOGIN_MAX_FAILURES', 10, 10000, problems);
  const loginMaxFailuresPerUsername = positiveInt(env, 'ADMIN_LOGIN_MAX_FAILURES_PER_USERNAME', 100, 100000, problems);
  const windowMinutes = positiveInt(env, 'ADMIN_LOGIN_WINDOW_MINUTES', 15, 24 * 60, problems);
  const allowedOrigins: string[] = [];
  for (const entry of (env.ADMIN_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
    try {
      const url = new URL(entry);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
      allowedOrigins.push(url.origin);
    } catch {
      problems.push(`ADMIN_ALLOWED_ORIGINS entry "${entry}" is not an http(s) origin such as http://localhost:4200`);
    }
  }
  // The same variable and rule as the gateway's other cookies (AppConfig.cookieSecure).
  const forceSecureCookie = envBool(env, 'COOKIE_SECURE', false, problems);
  if (problems.length > 0) throw new Error(`Invalid admin configuration:\n  - ${problems.join('\n  - ')}`);
  return {
    sessionTtlMs: ttlMinutes * 60_000,
    loginMaxFailures,
    loginMaxFailuresPerUsername,
    loginWindowSeconds: windowMinutes * 60,
    forceSecureCookie,
    allowedOrigins,
  };
}
