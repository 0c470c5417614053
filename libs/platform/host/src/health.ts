import { healthPattern, HealthReport, ServiceName } from '@hintakori/platform-messaging';
import { Controller, Inject, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';

export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** Pings the service's own database; a service's health is its dependencies' health. */
export async function checkServiceHealth(service: ServiceName, dataSource: DataSource | undefined): Promise<HealthReport> {
  const checks: HealthReport['checks'] = {};
  if (dataSource) {
    try {
      await dataSource.query('SELECT 1');
      checks.database = 'up';
    } catch {
      checks.database = 'down';
    }
  }
  const status = Object.values(checks).every((state) => state === 'up') ? 'up' : 'down';
  return { service, status, checks };
}

/** The `<service>.health` message handler, answered over the service's transport. */
export function createHealthHandler(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthHandler {
    constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

    @MessagePattern(healthPattern(service))
    check(): Promise<HealthReport> {
      return checkServiceHealth(service, this.dataSource);
    }
  }
  Object.defineProperty(HealthHandler, 'name', { value: `${service}HealthHandler` });
  return HealthHandler;
}
