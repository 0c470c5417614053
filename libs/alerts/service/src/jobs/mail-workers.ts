import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AlertsConfig } from '../alerts-config';
import { Mailer } from '../mail/mailer';
import { MailJobs } from '../notifier';
import { ALERTS_CONFIG, MAIL_QUEUE_TOKEN, MAILER } from '../tokens';
import { createMailWorker, MailJob, MailQueue, MailWorker } from './mail-queue';

/** Runs the mail queue's workers in this process (ALERTS_RUN_WORKERS, default true) and closes queue, workers and SMTP pool on shutdown. */
@Injectable()
export class MailWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('alerts mail');
  private worker?: MailWorker;

  constructor(
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    @Inject(ALERTS_CONFIG) private readonly config: AlertsConfig,
    @Inject(MAIL_QUEUE_TOKEN) private readonly queue: MailQueue,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly jobs: MailJobs,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.worker = createMailWorker(this.appConfig, this.config, (job: MailJob) => this.process(job));
    this.worker.on('error', (error) => this.logger.error(`mail worker: ${error.message}`));
    this.logger.log(`mail workers sending through ${redactUrl(this.config.smtpUrl)}`);
  }

  async process(job: MailJob): Promise<string> {
    try {
      return job.data.kind === 'confirmation' ? await this.jobs.confirmation(job.data) : await this.jobs.notification(job.data);
    } catch (error) {
      const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error(`${job.name} job ${job.id} failed${final ? '' : ', will retry'}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    await this.queue.close().catch(() => undefined);
    this.mailer.close();
  }
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
