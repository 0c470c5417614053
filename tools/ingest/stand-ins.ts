/**
 * Local stand-ins of the open-data services, replaying their recorded formats from the fixtures
 * (libs/price-ingest/service/fixtures/{osm,open-food-facts,open-prices,s-kaupat,k-ruoka,lidl}), for trying the
 * real-data import without network:
 *
 *   npm run ingest:stand-ins                      # listens on 127.0.0.1:8390 (STAND_IN_PORT) until Ctrl-C
 *   OPEN_FOOD_FACTS_URL=http://127.0.0.1:8390 npm start
 *   npm run ingest -- --source osm --url http://127.0.0.1:8390/api/interpreter
 *   npm run ingest -- --source open-prices --url http://127.0.0.1:8390
 *   npm run ingest -- --source s-kaupat --url http://127.0.0.1:8390    (and k-ruoka, lidl)
 */
import { startOpenDataStandIn } from '@hintakori/price-ingest-service';

async function main(): Promise<void> {
  const standIn = await startOpenDataStandIn({ port: Number(process.env.STAND_IN_PORT ?? 8390) });
  process.stdout.write(
    [
      `open-data stand-ins on ${standIn.url}:`,
      `  Overpass API      ${standIn.url}/api/interpreter`,
      `  Open Food Facts   ${standIn.url}/api/v2/product/{ean}.json`,
      `  Open Prices       ${standIn.url}/api/v1/prices`,
      `  S-kaupat          ${standIn.url}/ (GraphQL, POST)`,
      `  K-Ruoka           ${standIn.url}/kr-api/… (store S900's offers answer a bot challenge)`,
      `  Lidl              ${standIn.url}/odj/stores-api/… and ${standIn.url}/q/api/search`,
      `Start the site with OPEN_FOOD_FACTS_URL=${standIn.url}, then:`,
      `  npm run ingest -- --source osm --url ${standIn.url}/api/interpreter`,
      `  npm run ingest -- --source open-prices --url ${standIn.url}`,
      `  npm run ingest -- --source s-kaupat --url ${standIn.url}   (k-ruoka, lidl likewise)`,
      `or the site on real data filled from all of them: OPEN_DATA_URL=${standIn.url} INGEST_CHAIN_SOURCES=s-kaupat,k-ruoka,lidl npm start -- --real`,
      'Ctrl-C stops them.',
      '',
    ].join('\n'),
  );
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
