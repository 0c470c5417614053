export * from './alerts.module';
export { loadAlertsConfig, DEFAULT_SMTP_URL } from './alerts-config';
export type { AlertsConfig } from './alerts-config';
export { ALERT_MESSAGES } from './alerts.service';
export { normaliseEmail } from './email';
