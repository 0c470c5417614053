import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ServiceName } from './services';
import { createServiceClient } from './transport';

export function clientToken(service: ServiceName): string {
  return `${service.toUpperCase().replace('-', '_')}_CLIENT`;
}

/** Connects every client at start-up (Kafka joins its reply groups before the first request) and closes them on shutdown. */
@Injectable()
class ClientsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(readonly clients: ClientProxy[]) {}

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.connect()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.close()));
  }
}

/**
 * Provides one ClientProxy per target service, injectable with @Inject(clientToken('catalog')); `targets` maps each
 * service to the patterns it answers (the composition's SERVICE_PATTERNS, or a part of it).
 */
@Module({})
export class ServiceClientsModule {
  static forRoot(caller: string, targets: Partial<Record<ServiceName, readonly string[]>>): DynamicModule {
    const entries = Object.entries(targets) as [ServiceName, readonly string[]][];
    const providers = entries.map(([target, patterns]) => ({
      provide: clientToken(target),
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createServiceClient(target, caller, config, patterns),
    }));
    return {
      module: ServiceClientsModule,
      providers: [
        ...providers,
        {
          provide: ClientsLifecycle,
          inject: entries.map(([target]) => clientToken(target)),
          useFactory: (...clients: ClientProxy[]) => new ClientsLifecycle(clients),
        },
      ],
      exports: providers.map((p) => p.provide),
    };
  }
}

export const InjectServiceClient = (service: ServiceName): ParameterDecorator => Inject(clientToken(service));
