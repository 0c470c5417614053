import { AppConfig, ConfigError, type ConfigSection, type ConfigSections, Env, envBool, envInt, type WithSections } from '@hintakori/platform-config';

/** The alerts service's own settings (read once at boot; a bad value stops the process naming the variable). */
export interface AlertsConfig {
  /** nodemailer SMTP URL, e.g. smtp://127.0.0.1:1025 (Mailpit) or smtps://user:pass@mail.example:465. */
  smtpUrl: string;
  /** The From header of every mail. */
  mailFrom: string;
  /** Public address of the site, for the links in the mails (no trailing slash). */
  publicUrl: string;
  /** At most one notification per address within this many hours. */
  windowHours: number;
  confirmationHours: number;
  /**
   * At most this many confirmation mails (requests accepted for sending) an hour, from all clients together: beyond
   * it a request gets the same 202 and nothing is sent (a warning in the log), so rotating client addresses cannot
   * make the site mail strangers without bound. ALERTS_CONFIRMATION_MAILS_PER_HOUR, default 300.
   */
  confirmationMailsPerHour: number;
  jobAttempts: number;
  backoffMs: number;
  /** Wait this long after a run's completion before notifying (lets the last price events of the run arrive over Kafka). */
  notifyDelayMs: number;
  /** BullMQ key prefix (Redis) or schema prefix (PostgreSQL) of the mail queue. */
  queuePrefix: string;
  /** Whether this process runs the mail workers. */
  runWorkers: boolean;
}

export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_CONFIRMATION_MAILS_PER_HOUR = 300;

/** The alerts service's section of its app's config (ALERTS_CONFIG_SECTIONS), read by the platform's readers. */
export const readAlertsConfig = ((env: Env, problems: string[], config: AppConfig): AlertsConfig => {
  // The migrations job (HINTAKORI_MIGRATE_ONLY) sends nothing and needs no SMTP server.
  const smtpUrl = env.SMTP_URL?.trim() || (config.profile === 'standalone' || config.migrateOnly ? DEFAULT_SMTP_URL : '');
  if (!/^smtps?:\/\/[^/]+/.test(smtpUrl)) problems.push(`SMTP_URL must be an smtp:// or smtps:// URL${config.profile === 'distributed' ? ' (required in the distributed profile)' : ''}, got "${smtpUrl}"`);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${config.profile === 'standalone' ? config.port : 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) problems.push(`PUBLIC_URL must be an http(s):// URL, got "${publicUrl}"`);
  return {
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Hintakori <hintavahti@hintakori.fi>',
    publicUrl,
    windowHours: envInt(env, 'ALERTS_WINDOW_HOURS', 12, problems, 0, 168),
    confirmationHours: envInt(env, 'ALERTS_CONFIRMATION_HOURS', 48, problems, 1, 720),
    confirmationMailsPerHour: envInt(env, 'ALERTS_CONFIRMATION_MAILS_PER_HOUR', DEFAULT_CONFIRMATION_MAILS_PER_HOUR, problems, 0, 1_000_000),
    jobAttempts: envInt(env, 'ALERTS_JOB_ATTEMPTS', 6, problems, 1, 100),
    backoffMs: envInt(env, 'ALERTS_BACKOFF_MS', 15_000, problems, 10, 3_600_000),
    notifyDelayMs: envInt(env, 'ALERTS_NOTIFY_DELAY_MS', config.profile === 'standalone' ? 0 : 15_000, problems, 0, 3_600_000),
    queuePrefix: config.queuePrefix,
    runWorkers: envBool(env, 'ALERTS_RUN_WORKERS', !config.migrateOnly, problems),
  };
}) satisfies ConfigSection<AlertsConfig>;

/** The alerts service's own settings beside the platform's, read at boot with them. */
export const ALERTS_CONFIG_SECTIONS = { alerts: readAlertsConfig } satisfies ConfigSections;
/** The config of an app that runs the alerts service: AppConfig with `alerts`. */
export type AlertsAppConfig = WithSections<typeof ALERTS_CONFIG_SECTIONS>;

/** The alerts settings alone from `env` for an app config already read (tests); a bad value throws a ConfigError. */
export function loadAlertsConfig(config: AppConfig, env: Env): AlertsConfig {
  const problems: string[] = [];
  const alerts = readAlertsConfig(env, problems, config);
  if (problems.length > 0) throw new ConfigError(problems);
  return alerts;
}
