export type QueryParamValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Appends query parameters; lists become comma-separated, empty values are skipped. */
export function buildUrl(baseUrl: string, url: string, params?: Record<string, QueryParamValue>): string {
  const path = `${baseUrl}${url.startsWith('/') ? url : `/${url}`}`;
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) search.append(key, value.join(','));
    else search.append(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
