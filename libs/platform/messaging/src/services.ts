/**
 * The services by name, their health patterns and probe ports. Which patterns and topics each service has is the
 * composition's (libs/composition), read from the contracts: the platform knows no service's contract.
 */
export type ServiceName = 'catalog' | 'stores' | 'carts' | 'comparisons' | 'price-ingest' | 'alerts';
export const SERVICE_NAMES: readonly ServiceName[] = ['catalog', 'stores', 'carts', 'comparisons', 'price-ingest', 'alerts'];

/** Every service answers its own health pattern with its dependencies' state. */
export function healthPattern(service: ServiceName): string {
  return `${service}.health`;
}

export const SERVICE_HEALTH_PORTS: Record<ServiceName, number> = {
  catalog: 3101,
  stores: 3102,
  carts: 3103,
  comparisons: 3104,
  'price-ingest': 3105,
  // 3106… are the price-ingest worker processes' probes in `npm run stack`.
  alerts: 3110,
};

export interface HealthReport {
  service: ServiceName;
  status: 'up' | 'down';
  checks: Record<string, 'up' | 'down'>;
}
