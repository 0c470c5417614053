import { type AppConfig, type ConfigSection, ConfigError, Env, envInt } from '@hintakori/platform-config';

/**
 * The budget of the pages the gateway sends (everything but /api and the web build's files), read from the
 * environment once at boot; a bad value stops the gateway with a message naming the variable.
 */
export interface PageOptions {
  /**
   * Pages a client (an IPv6 client by its /64) may load a minute; over it, 429 with Retry-After. 0 turns it off.
   * PAGE_RATE_LIMIT_PER_MINUTE, default 240; when unset, RATE_LIMIT_PER_MINUTE=0 (the tests' and benchmarks' switch
   * for the API's limit) turns it off too.
   */
  perMinute: number;
  /** First screens rendered at once by this gateway; more go out as the plain app shell. FIRST_SCREEN_MAX_RENDERS, default 4. */
  maxRenders: number;
  /**
   * First screens one client may have rendered a minute (cached ones are free); more go out as the plain app shell.
   * FIRST_SCREEN_RENDERS_PER_MINUTE, default 30; 0 = no share. Off, like the page limit, when RATE_LIMIT_PER_MINUTE=0
   * and it is unset.
   */
  rendersPerClientPerMinute: number;
}

/** The pages' section of the gateway's config (GATEWAY_CONFIG_SECTIONS); `app.rateLimitPerMinute` 0 turns the defaults off. */
export const readPageOptions = ((env: Env, problems: string[], app: Pick<AppConfig, 'rateLimitPerMinute'>): PageOptions => {
  const limitsOff = app.rateLimitPerMinute === 0;
  return {
    perMinute: envInt(env, 'PAGE_RATE_LIMIT_PER_MINUTE', limitsOff ? 0 : 240, problems, 0, 1_000_000),
    maxRenders: envInt(env, 'FIRST_SCREEN_MAX_RENDERS', 4, problems, 1, 64),
    rendersPerClientPerMinute: envInt(env, 'FIRST_SCREEN_RENDERS_PER_MINUTE', limitsOff ? 0 : 30, problems, 0, 1_000_000),
  };
}) satisfies ConfigSection<PageOptions>;

/** The page options alone (tests): the section read from `env`, with the API's rate limit from it too. */
export function loadPageOptions(env: Env): PageOptions {
  const problems: string[] = [];
  const rateLimitPerMinute = envInt(env, 'RATE_LIMIT_PER_MINUTE', 1200, problems, 0, 1_000_000);
  const options = readPageOptions(env, problems, { rateLimitPerMinute });
  if (problems.length > 0) throw new ConfigError(problems);
  return options;
}
