import { createTransport, Transporter } from 'nodemailer';
import type { AlertsConfig } from '../alerts-config';
import type { RenderedMail } from './templates';

export interface OutgoingMail extends RenderedMail {
  to: string;
  headers?: Record<string, string>;
  /** A stable Message-ID (`<…@hintakori>`), so a mail sent twice by a crash is recognisable as one. */
  messageId?: string;
}

/** Sends mail over SMTP (SMTP_URL) with nodemailer; one pooled connection per process. */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly config: AlertsConfig) {
    this.transport = createTransport(config.smtpUrl, { from: config.mailFrom });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      messageId: mail.messageId,
    });
  }

  close(): void {
    this.transport.close();
  }
}
