import { AppConfigModule } from '@hintakori/platform-config';
import { createHealthHandler } from '@hintakori/platform-host';
import { batchConsumers } from '@hintakori/platform-messaging';
import { serviceTypeOrmOptions } from '@hintakori/platform-persistence';
import { IngestTopics } from '@hintakori/price-ingest-contracts';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertsAppConfig, AlertsConfig } from './alerts-config';
import { AlertsHandler } from './alerts.handler';
import { AlertsService } from './alerts.service';
import { InitAlertsSchema1764100000000 } from './database/migrations/1764100000000-init-alerts-schema';
import { HashManageTokens1796100000000 } from './database/migrations/1796100000000-hash-manage-tokens';
import { WatchCardsAndTerms1796300000000 } from './database/migrations/1796300000000-watch-cards-and-terms';
import { createMailQueue } from './jobs/mail-queue';
import { MailWorkers } from './jobs/mail-workers';
import { Mailer } from './mail/mailer';
import { MailJobs, RunCompletedHandler, WatchedPricesHandler } from './notifier';
import { ALERTS_CONFIG, MAIL_QUEUE_TOKEN, MAILER } from './tokens';

export const ALERTS_MIGRATIONS = [InitAlertsSchema1764100000000, HashManageTokens1796100000000, WatchCardsAndTerms1796300000000];

@Module({})
export class AlertsModule {
  /** `config.alerts` are the settings read at boot (ALERTS_CONFIG_SECTIONS); `alerts` overrides some of them (tests). */
  static forRoot(config: AlertsAppConfig, alerts: Partial<AlertsConfig> = {}): DynamicModule {
    const alertsConfig: AlertsConfig = { ...config.alerts, ...alerts };
    const consumers = batchConsumers(
      'alerts',
      config,
      [
        { topic: IngestTopics.PricesObserved, handler: WatchedPricesHandler },
        { topic: IngestTopics.RunCompleted, handler: RunCompletedHandler },
      ],
      { groupId: 'alerts-prices' },
    );
    return {
      module: AlertsModule,
      imports: [
        AppConfigModule.forRoot(config),
        TypeOrmModule.forRootAsync({
          useFactory: () => serviceTypeOrmOptions(config, { schema: 'alerts', entities: [], migrations: ALERTS_MIGRATIONS }),
        }),
      ],
      controllers: [AlertsHandler, createHealthHandler('alerts'), ...consumers.controllers],
      providers: [
        { provide: ALERTS_CONFIG, useValue: alertsConfig },
        { provide: MAIL_QUEUE_TOKEN, useFactory: () => createMailQueue(config, alertsConfig) },
        { provide: MAILER, useFactory: () => new Mailer(alertsConfig) },
        AlertsService,
        MailJobs,
        MailWorkers,
        ...consumers.providers,
      ],
      exports: [AlertsService, MailJobs, MailWorkers],
    };
  }
}
