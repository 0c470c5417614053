import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './index';
import { APP_CONFIG } from './tokens';

/** Makes the validated AppConfig injectable as APP_CONFIG. */
@Module({})
export class AppConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: AppConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
