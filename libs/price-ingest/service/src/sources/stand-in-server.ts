import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { offStandIn, type OffStandIn } from './open-food-facts/open-food-facts.stand-in';
import { openPricesStandIn } from './open-prices/open-prices.stand-in';
import { overpassStandIn, type OverpassStandIn } from './osm/overpass.stand-in';
import { kRuokaStandIn, type KRuokaStandIn } from './k-ruoka/k-ruoka.stand-in';
import { lidlStandIn, type LidlStandIn } from './lidl/lidl.stand-in';
import { sKaupatStandIn, type SKaupatStandIn } from './s-kaupat/s-kaupat.stand-in';

/** The fixtures of the open-data sources (each folder's README says where its shapes come from). */
export const OPEN_DATA_FIXTURES = join(__dirname, '../../fixtures');

export interface OpenDataStandIn {
  /** http://127.0.0.1:<port>: Overpass at /api/interpreter, Open Food Facts at /api/v2/product/…, Open Prices at /api/v1/prices. */
  url: string;
  overpass: OverpassStandIn;
  openFoodFacts: OffStandIn;
  openPrices: ReturnType<typeof openPricesStandIn>;
  /** S-kaupat's GraphQL API at POST / (its endpoint is the root path, as the real one). */
  sKaupat: SKaupatStandIn;
  /** K-Ruoka's kr-api at /kr-api/… (one store's listing answers a bot challenge; setChallengeAll challenges every request). */
  kRuoka: KRuokaStandIn;
  /** Lidl's store API at /odj/stores-api/… and its site's search at /q/api/search. */
  lidl: LidlStandIn;
  close(): Promise<void>;
}

/**
 * One local HTTP server that replays the three services' real formats from the fixtures: the Overpass API
 * (`fixtures/osm/overpass-finland.json`, switchable to the re-import), Open Food Facts' product API and Open Prices'
 * paginated prices (the third page truncated). For tests and for trying the import by hand (tools/ingest/stand-ins.ts).
 */
export async function startOpenDataStandIn(options: { port?: number; host?: string } = {}): Promise<OpenDataStandIn> {
  const overpass = overpassStandIn({ fixtureFile: join(OPEN_DATA_FIXTURES, 'osm/overpass-finland.json') });
  const openFoodFacts = offStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 'open-food-facts') });
  const openPrices = openPricesStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 'open-prices') });
  const sKaupat = sKaupatStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 's-kaupat') });
  const kRuoka = kRuokaStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 'k-ruoka') });
  const lidl = lidlStandIn({ fixtureDir: join(OPEN_DATA_FIXTURES, 'lidl') });
  const handlers = [overpass, openFoodFacts, openPrices, sKaupat, kRuoka, lidl] as ((req: IncomingMessage, res: ServerResponse) => boolean)[];
  const server: Server = createServer((req, res) => {
    if (handlers.some((handle) => handle(req, res))) return;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: `no stand-in answers ${req.method} ${req.url}` }));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    overpass,
    openFoodFacts,
    openPrices,
    sKaupat,
    kRuoka,
    lidl,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
