import { AppConfig, ConfigError } from '@hintakori/platform-config';

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

type Env = Record<string, string | undefined>;

export const DEFAULT_SMTP_URL = 'smtp://127.0.0.1:1025';
export const DEFAULT_CONFIRMATION_MAILS_PER_HOUR = 300;

export function loadAlertsConfig(config: AppConfig, env: Env = process.env): AlertsConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  // The migrations job (HINTAKORI_MIGRATE_ONLY) sends nothing and needs no SMTP server.
  const migrateOnly = env.HINTAKORI_MIGRATE_ONLY === 'true';
  const smtpUrl = env.SMTP_URL?.trim() || (config.profile === 'standalone' || migrateOnly ? DEFAULT_SMTP_URL : '');
  if (!/^smtps?:\/\/[^/]+/.test(smtpUrl)) problems.push(`SMTP_URL must be an smtp:// or smtps:// URL${config.profile === 'distributed' ? ' (required in the distributed profile)' : ''}, got "${smtpUrl}"`);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${config.profile === 'standalone' ? config.port : 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) problems.push(`PUBLIC_URL must be an http(s):// URL, got "${publicUrl}"`);
  const mailFrom = env.MAIL_FROM?.trim() || 'Hintakori <hintavahti@hintakori.fi>';
  const runWorkersRaw = env.ALERTS_RUN_WORKERS?.toLowerCase();
  if (runWorkersRaw !== undefined && runWorkersRaw !== '' && !['true', 'false'].includes(runWorkersRaw)) problems.push(`ALERTS_RUN_WORKERS must be true or false, got "${env.ALERTS_RUN_WORKERS}"`);
  const result: AlertsConfig = {
    smtpUrl,
    mailFrom,
    publicUrl,
    windowHours: int('ALERTS_WINDOW_HOURS', 12, 0, 168),
    confirmationHours: int('ALERTS_CONFIRMATION_HOURS', 48, 1, 720),
    confirmationMailsPerHour: int('ALERTS_CONFIRMATION_MAILS_PER_HOUR', DEFAULT_CONFIRMATION_MAILS_PER_HOUR, 0, 1_000_000),
    jobAttempts: int('ALERTS_JOB_ATTEMPTS', 6, 1, 100),
    backoffMs: int('ALERTS_BACKOFF_MS', 15_000, 10, 3_600_000),
    notifyDelayMs: int('ALERTS_NOTIFY_DELAY_MS', config.profile === 'standalone' ? 0 : 15_000, 0, 3_600_000),
    queuePrefix: config.queuePrefix,
    runWorkers: runWorkersRaw ? runWorkersRaw === 'true' : !migrateOnly,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return result;
}
