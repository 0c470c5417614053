import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Route-specific hints in the web app's page: the web build writes route-hints.json beside index.html (address
 * patterns, each with the script chunks of the page shown there; see apps/web/src/app/route-hints.ts), and the page
 * handler names them in a `<meta name="hintakori-chunks">`. The web app's small entry script, once the page has
 * been painted, preloads them together with the app's own code (apps/web/src/app/page-painted.ts), so a phone
 * fetches the page's code with the app's instead of a round trip later, and nothing of it competes with the first
 * paint. Without the file (an older build) the page goes out unchanged.
 */
export interface RouteHint {
  pattern: RegExp;
  modulepreload: string[];
}

/** Only the build's own chunks are announced: a path under /static/js of letters, digits, '-', '_' and '.'. */
const CHUNK_PATH = /^\/static\/js\/[\w.-]+\.js$/;

/** The hints of a route-hints.json text; anything malformed is left out. */
export function parseRouteHints(text: string): RouteHint[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const routes = (parsed as { routes?: unknown } | null)?.routes;
  if (!Array.isArray(routes)) return [];
  const hints: RouteHint[] = [];
  for (const route of routes as Array<{ pattern?: unknown; modulepreload?: unknown }>) {
    if (typeof route?.pattern !== 'string' || !Array.isArray(route.modulepreload)) continue;
    let pattern: RegExp;
    try {
      pattern = new RegExp(route.pattern);
    } catch {
      continue;
    }
    hints.push({ pattern, modulepreload: route.modulepreload.filter((href): href is string => typeof href === 'string' && CHUNK_PATH.test(href)) });
  }
  return hints;
}

/** The name of the `<meta>` with the page's chunks (apps/web/src/app/page-painted.ts reads it). */
export const CHUNKS_META_NAME = 'hintakori-chunks';

/** The page with the chunks of the first hint whose pattern matches the address's path, in a `<meta>` before `</head>`. */
export function withRouteHints(html: string, hints: readonly RouteHint[], pathname: string): string {
  const hint = hints.find(({ pattern }) => pattern.test(pathname));
  if (!hint || hint.modulepreload.length === 0) return html;
  const meta = `<meta name="${CHUNKS_META_NAME}" content="${hint.modulepreload.join(' ')}">`;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${meta}${html.slice(at)}`;
}

/** Reads the web root's route-hints.json when asked (it changes with each build), parsing a text only once. */
export function routeHintsReader(webRoot: string): () => Promise<RouteHint[]> {
  const file = path.join(webRoot, 'route-hints.json');
  let last: { text: string; hints: RouteHint[] } | undefined;
  return async () => {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (last?.text !== text) last = { text, hints: text ? parseRouteHints(text) : [] };
    return last.hints;
  };
}
