import { type ConfigSections, type Env, loadConfig, type WithSections } from '@hintakori/platform-config';
import { readAdminOptions } from './admin/admin-options';
import { readPageOptions } from './http/page-options';
import { readPriceReportOptions } from './http/price-report-limit';

/** The gateway's own settings beside the platform's: its pages' budget, its admin area and the price reports' limit, read at boot with them. */
export const GATEWAY_CONFIG_SECTIONS = { pages: readPageOptions, admin: readAdminOptions, priceReports: readPriceReportOptions } satisfies ConfigSections;

/** The gateway's one validated config: AppConfig with `pages`, `admin` and `priceReports`. */
export type GatewayConfig = WithSections<typeof GATEWAY_CONFIG_SECTIONS>;

/** Reads the gateway's config from `env` (its main passes process.env); a bad value throws a ConfigError naming it. */
export function loadGatewayConfig(env: Env, defaults: { port?: number } = {}): GatewayConfig {
  return loadConfig(env, defaults, GATEWAY_CONFIG_SECTIONS);
}
