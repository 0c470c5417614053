import type { NextFunction, Request, Response } from 'express';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * For every path of the OpenAPI document, the methods it has. A request to a known path with another method
 * is answered 405 with `Allow` (OPTIONS: 204 with `Allow`); unknown paths fall through (404). Built from the
 * document, so it always matches what is declared; framework-free apart from the (req, res, next) signature.
 *
 * As OpenAPI matches paths, a concrete segment wins over a template: `/admin/category-mappings/unmapped` is that
 * path (GET only), not `/admin/category-mappings/{id}` (DELETE), so its `Allow` does not list DELETE.
 */
export function allowedMethodsOf(document: { paths: Record<string, object> }): (path: string) => string[] | null {
  const routes = Object.entries(document.paths).map(([template, operations]) => ({
    pattern: new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^/}]+\}/g, '[^/]+')}/?$`),
    // One flag per segment, true where it is a template: compared left to right, a concrete segment is more specific.
    templated: template.split('/').map((segment) => /\{[^/}]+\}/.test(segment)),
    methods: Object.keys(operations).filter((key) => METHODS.includes(key)).map((m) => m.toUpperCase()),
  }));
  return (path) => {
    const matching = routes.filter((route) => route.pattern.test(path));
    if (matching.length === 0) return null;
    const best = matching.reduce((a, b) => (compareSpecificity(a.templated, b.templated) <= 0 ? a : b)).templated;
    const methods = new Set<string>();
    for (const route of matching) if (compareSpecificity(route.templated, best) === 0) route.methods.forEach((m) => methods.add(m));
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods];
  };
}

/** Negative when `a` is the more specific template: the first segment where they differ is concrete in `a`. */
function compareSpecificity(a: boolean[], b: boolean[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] ? 1 : -1;
  return 0;
}

export function methodNotAllowedMiddleware(document: { paths: Record<string, object> }) {
  const allowedMethods = allowedMethodsOf(document);
  return (req: Request, res: Response, next: NextFunction): void => {
    const allowed = allowedMethods(req.originalUrl.split('?')[0]);
    if (!allowed || (allowed.includes(req.method) && req.method !== 'OPTIONS')) return next();
    res.setHeader('Allow', allowed.join(', '));
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    res.status(405).json({ statusCode: 405, message: `${req.method} is not allowed here; allowed: ${allowed.join(', ')}`, error: 'Method Not Allowed' });
  };
}
