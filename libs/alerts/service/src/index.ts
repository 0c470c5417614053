export * from './alerts.module';
export { ALERTS_CONFIG_SECTIONS, loadAlertsConfig, DEFAULT_SMTP_URL, type AlertsAppConfig } from './alerts-config';
export type { AlertsConfig } from './alerts-config';
export { ALERT_MESSAGES } from './alerts.service';
export { normaliseEmail } from './email';
