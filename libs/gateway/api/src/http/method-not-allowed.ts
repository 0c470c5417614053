import type { NextFunction, Request, Response } from 'express';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * For every path of the OpenAPI document, the methods it has. A request to a known path with another method
 * is answered 405 with `Allow` (OPTIONS: 204 with `Allow`); unknown paths fall through (404). Built from the
 * document, so it always matches what is declared; framework-free apart from the (req, res, next) signature.
 */
export function allowedMethodsOf(document: { paths: Record<string, object> }): (path: string) => string[] | null {
  const routes = Object.entries(document.paths).map(([template, operations]) => ({
    pattern: new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^/}]+\}/g, '[^/]+')}/?$`),
    methods: Object.keys(operations).filter((key) => METHODS.includes(key)).map((m) => m.toUpperCase()),
  }));
  return (path) => {
    const methods = new Set<string>();
    for (const route of routes) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    if (methods.size === 0) return null;
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods];
  };
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
