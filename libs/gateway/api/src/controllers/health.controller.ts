import { CACHE_STORE, CacheStore } from '@hintakori/platform-cache';
import { APP_CONFIG, AppConfig } from '@hintakori/platform-config';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Backend } from '../backend';
import { ResponseCache } from '../http/response-cache';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly backend: Backend,
    private readonly cache: ResponseCache,
    @Inject(CACHE_STORE) private readonly cacheStore: CacheStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'The gateway is alive' })
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOperation({ summary: "Each dependency's state; 503 until all are up" })
  async ready(@Res({ passthrough: true }) res: Response): Promise<object> {
    const [services, cacheUp] = await Promise.all([this.backend.health(), this.cacheStore.ping()]);
    const dependencies: Record<string, string> = {};
    for (const report of services) dependencies[report.service] = report.status;
    dependencies.cache = cacheUp ? 'up' : 'down';
    if (this.config.profile === 'distributed') dependencies.kafka = services.some((s) => s.status === 'up') ? 'up' : 'down';
    const ready = Object.values(dependencies).every((state) => state === 'up');
    res.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', profile: this.config.profile, dependencies, services, cache: this.cache.stats() };
  }
}
