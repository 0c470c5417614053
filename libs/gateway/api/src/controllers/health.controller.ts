import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { lifecycle } from '@hintakori/platform-host';
import { callService, InjectServiceClient } from '@hintakori/platform-messaging';
import { IngestStatus, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { ErrorBody, ok } from '../dto/schemas';
import { Route, routeContract } from '../http/contract';
import { ResponseCache } from '../http/response-cache';

const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready'), Type.Literal('draining')]),
  profile: Type.String(),
  dependencies: Type.Record(Type.String(), Type.String(), { description: "each dependency's state: up or down" }),
  services: Type.Array(Type.Object({ service: Type.String(), status: Type.String() })),
  cache: Type.Object({}),
  prices: Type.Object({ sources: Type.Union([Type.Array(Type.Object({ source: Type.String(), newestObservationAt: Type.Union([Type.String(), Type.Null()]), ageSeconds: Type.Union([Type.Integer(), Type.Null()]) })), Type.Null()]) }),
});
const limited = { 429: { description: 'Too many requests from this address', schema: ErrorBody } };
const healthContract = routeContract({ responses: { 200: ok('Alive', Type.Object({ status: Type.Literal('ok') })), ...limited } });
const readyContract = routeContract({ responses: { 200: ok('Every dependency is up', Readiness), 503: ok('A dependency is down, or the gateway is draining', Readiness), ...limited } });

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
    @Inject(CACHE_STORE) private readonly cacheStore: CacheStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectServiceClient('price-ingest') private readonly priceIngest: ClientProxy,
  ) {}

  /** Price freshness per source (newest observation and its age); null when price-ingest does not answer. */
  private async freshness(): Promise<{ source: string; newestObservationAt: string | null; ageSeconds: number | null }[] | null> {
    try {
      const status = await callService<IngestStatus>(this.priceIngest, PriceIngestPatterns.Status, {}, 3000);
      const now = Date.now();
      return status.sources.map((s) => ({ ...s, ageSeconds: s.newestObservationAt ? Math.max(0, Math.round((now - Date.parse(s.newestObservationAt)) / 1000)) : null }));
    } catch {
      return null;
    }
  }

  @Get('health')
  @ApiOperation({ summary: 'The gateway is alive' })
  @Route(healthContract)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: "Each dependency's state; 503 until all are up" })
  @Route(readyContract)
  async ready(@Res({ passthrough: true }) res: Response): Promise<object> {
    const [services, cacheUp, prices] = await Promise.all([this.backend.health(), this.cacheStore.ping(), this.freshness()]);
    const dependencies: Record<string, string> = {};
    for (const report of services) dependencies[report.service] = report.status;
    dependencies.cache = cacheUp ? 'up' : 'down';
    if (this.config.profile === 'distributed') dependencies.kafka = services.some((s) => s.status === 'up') ? 'up' : 'down';
    const ready = !lifecycle.draining && Object.values(dependencies).every((state) => state === 'up');
    res.status(ready ? 200 : 503);
    return { status: lifecycle.draining ? 'draining' : ready ? 'ready' : 'not ready', profile: this.config.profile, dependencies, services, circuits: this.backend.circuitStates(), cache: this.cache.stats(), prices: { sources: prices } };
  }
}
