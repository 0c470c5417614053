export const ALERTS_CONFIG = Symbol('ALERTS_CONFIG');
export const MAIL_QUEUE_TOKEN = Symbol('ALERTS_MAIL_QUEUE');
export const MAILER = Symbol('ALERTS_MAILER');
