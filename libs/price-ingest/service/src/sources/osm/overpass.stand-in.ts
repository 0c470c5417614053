import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface OverpassStandIn {
  /** Answers GET and POST /api/interpreter with the fixture file; false (nothing written) for any other path. */
  (req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers from another fixture file from now on (a re-import test swaps the map's state). */
  setFixture(file: string): void;
  /** The form bodies of the POSTs answered so far (the `data=` query), for tests. */
  readonly requests: string[];
}

/**
 * A stand-in for the Overpass API's interpreter for local tests: composed into a local HTTP server, it answers the
 * query with a stored Overpass JSON answer (fixtures/osm). The file is read on each request, so it can be switched.
 */
export function overpassStandIn(options: { fixtureFile: string }): OverpassStandIn {
  let fixtureFile = options.fixtureFile;
  const requests: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/api/interpreter') return false;
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST', 'content-type': 'text/plain' });
      res.end('method not allowed');
      return true;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST') requests.push(Buffer.concat(chunks).toString('utf8'));
      let body: string;
      try {
        body = readFileSync(fixtureFile, 'utf8');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`stand-in: cannot read ${fixtureFile}: ${(error as Error).message}`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    return true;
  };
  return Object.assign(handler, {
    setFixture(file: string) {
      fixtureFile = file;
    },
    requests,
  });
}
