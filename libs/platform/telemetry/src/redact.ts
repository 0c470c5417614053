import type { Attributes } from '@opentelemetry/api';
import type { IncomingMessage } from 'node:http';

/**
 * Paths whose next segment is a secret: the token of a link from a mail, which opens somebody's data. Written
 * `:token` in every log line and trace span, so logs and traces hold no working link. (Paths only: this layer knows
 * no service; the list names the routes of the price-alert mails.)
 */
const TOKEN_PATHS = /(\/api\/alerts\/(?:manage|confirm|unsubscribe)\/|\/hintavahti\/(?:vahvista\/)?)(?!vahvista(?:[/?#\s"'\\<>&]|$))(?!:token(?:[/?#\s"'\\<>&]|$))[^/?#\s"'\\<>&]+/g;

/** `text` with the token segment of every token path replaced by `:token`. */
export function redactTokenPaths(text: string): string {
  return text.includes('/api/alerts/') || text.includes('/hintavahti/') ? text.replace(TOKEN_PATHS, '$1:token') : text;
}

/**
 * The http instrumentation's startIncomingSpanHook: its attributes are laid over the ones the instrumentation
 * reads from the request, so a token path's `url.path` is recorded redacted from the start (no other attribute
 * of a server span holds the path; the span's name is the method and then the route's pattern).
 */
export function redactedRequestAttributes(request: Pick<IncomingMessage, 'url'>): Attributes {
  const path = (request.url ?? '').split('?')[0];
  const redacted = redactTokenPaths(path);
  return redacted === path ? {} : { 'url.path': redacted };
}
