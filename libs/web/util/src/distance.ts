/** Metres -> '1,2 km' when at least one kilometre, otherwise '850 m'. */
export function formatDistance(metres: number | null | undefined): string {
  if (metres === null || metres === undefined || !Number.isFinite(metres)) return '';
  if (metres >= 1000) return `${(metres / 1000).toFixed(1).replace('.', ',')} km`;
  return `${Math.round(metres)} m`;
}
