import { type AppConfig, type ConfigSection, Env, envInt } from '@hintakori/platform-config';
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

/** The admin area's section of the gateway's config (GATEWAY_CONFIG_SECTIONS). */
export const readAdminOptions = ((env: Env, problems: string[], app: Pick<AppConfig, 'cookieSecure'>): AdminOptions => {
  const ttlMinutes = envInt(env, 'ADMIN_SESSION_TTL_MINUTES', 8 * 60, problems, 1, 30 * 24 * 60);
  const loginMaxFailures = envInt(env, 'ADMIN_LOGIN_MAX_FAILURES', 10, problems, 1, 10000);
  const loginMaxFailuresPerUsername = envInt(env, 'ADMIN_LOGIN_MAX_FAILURES_PER_USERNAME', 100, problems, 1, 100000);
  const windowMinutes = envInt(env, 'ADMIN_LOGIN_WINDOW_MINUTES', 15, problems, 1, 24 * 60);
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
  return {
    sessionTtlMs: ttlMinutes * 60_000,
    loginMaxFailures,
    loginMaxFailuresPerUsername,
    loginWindowSeconds: windowMinutes * 60,
    // The same variable as the gateway's other cookies: AppConfig.cookieSecure (COOKIE_SECURE).
    forceSecureCookie: app.cookieSecure,
    allowedOrigins,
  };
}) satisfies ConfigSection<AdminOptions>;
