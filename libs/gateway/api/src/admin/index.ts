import { AdminCatalog } from './admin-catalog';
import { AdminCsrfGuard } from './admin-csrf.guard';
import { gatewayDatabaseImports } from './admin-database';
import type { GatewayConfig } from '../gateway-config';
import { ADMIN_OPTIONS } from './admin-options';
import { AdminSessionController } from './admin-session.controller';
import { AdminSessionGuard } from './admin-session.guard';
import { AdminSessionsService } from './admin-sessions.service';

/** What the gateway module registers for the admin area: its database, the session routes and services. */
export const adminArea = (config: GatewayConfig) => ({
  imports: gatewayDatabaseImports(config),
  controllers: [AdminSessionController],
  providers: [{ provide: ADMIN_OPTIONS, useValue: config.admin }, AdminSessionsService, AdminSessionGuard, AdminCsrfGuard, AdminCatalog],
});
