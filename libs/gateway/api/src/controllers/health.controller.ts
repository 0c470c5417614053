import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { lifecycle } from '@hintakori/platform-host';
import { callService, InjectServiceClient } from '@hintakori/platform-messaging';
import { IngestStatus, PriceIngestPatterns } from '@hintakori/price-ingest-contracts';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Type } from 'typebox';
import { Backend } from '../backend';
import { ErrorBody, ok } from '../dto/schemas';
import { Route, routeContract } from '../http/contract';
import { ResponseCache } from '../http/response-cache';

/** The public answer: the state only, nothing of what is behind the gateway (the full report is on the probe port). */
const PublicReadiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not ready'), Type.Literal('draining')]),
});
const limited = { 429: { description: 'Too many requests from this address', schema: ErrorBody } };
const healthContract = routeContract({ responses: { 200: ok('Alive', Type.Object({ status: Type.Literal('ok') })), ...limited } });
const readyContract = routeContract({
  responses: { 200: ok('Every dependency is up', PublicReadiness), 503: ok('A dependency is down, or the gateway is draining', PublicReadiness), ...limited },
});

/** How long the public /api/ready answers from the last check: a flood of it fans out to the services once per this. */
export const PUBLIC_READINESS_TTL_MS = 2000;

export type ReadinessStatus = 'ready' | 'not ready' | 'draining';
export interface ReadinessReport {
  status: ReadinessStatus;
  profile: string;
  dependencies: Record<string, string>;
  services: { service: string; status: string }[];
  circuits: Record<string, string>;
  cache: object;
  prices: { sources: { source: string; newestObservationAt: string | null; ageSeconds: number | null }[] | null };
}

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

  /**
   * Public readiness: the state only (200 ready, 503 not ready or draining). It never fans out per request: the last
   * check (the full report's) answers for PUBLIC_READINESS_TTL_MS, and one check at a time refreshes it.
   */
  @Get('ready')
  @ApiOperation({ summary: 'Whether the gateway is ready (200) or not (503); the report of each dependency is on the probe port (GET /ready on METRICS_PORT)' })
  @Route(readyContract)
  async ready(@Res({ passthrough: true }) res: Response): Promise<{ status: ReadinessStatus }> {
    const status = lifecycle.draining ? 'draining' : await this.lastStatus();
    res.status(status === 'ready' ? 200 : 503);
    return { status };
  }

  private last: { at: number; status: ReadinessStatus } | undefined;
  private checking: Promise<ReadinessStatus> | undefined;

  private lastStatus(): Promise<ReadinessStatus> {
    if (this.last && Date.now() - this.last.at < PUBLIC_READINESS_TTL_MS) return Promise.resolve(this.last.status);
    this.checking ??= this.report()
      .then(({ status }) => status, () => 'not ready' as const)
      .finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Each dependency's state, the breakers, the response cache and the prices' freshness: for the probe port only. */
  async report(): Promise<ReadinessReport> {
    const [services, cacheUp, prices] = await Promise.all([this.backend.health(), this.cacheStore.ping(), this.freshness()]);
    const dependencies: Record<string, string> = {};
    for (const report of services) dependencies[report.service] = report.status;
    dependencies.cache = cacheUp ? 'up' : 'down';
    if (this.config.profile === 'distributed') dependencies.kafka = services.some((s) => s.status === 'up') ? 'up' : 'down';
    const ready = !lifecycle.draining && Object.values(dependencies).every((state) => state === 'up');
    const status: ReadinessStatus = lifecycle.draining ? 'draining' : ready ? 'ready' : 'not ready';
    this.last = { at: Date.now(), status };
    return { status, profile: this.config.profile, dependencies, services, circuits: this.backend.circuitStates(), cache: this.cache.stats(), prices: { sources: prices } };
  }
}

/**
 * GET /ready of the probe port (the metrics port, METRICS_PORT): the full readiness report, 200 when ready, else 503.
 * Registered by configureGateway; the public /api/ready answers only the state.
 */
export function readinessProbe(health: () => HealthController): (request: IncomingMessage, response: ServerResponse) => void {
  return (_request, response) => {
    health()
      .report()
      .then(
        (report) => send(response, report.status === 'ready' ? 200 : 503, report),
        (error: unknown) => send(response, 503, { status: 'not ready', error: error instanceof Error ? error.message : String(error) }),
      );
  };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}
