// Chaos scenario two-workers (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function twoWorkers() {
  await chaos.cleanSnapshot();
  const workers = chaos.pids().filter((c) => c.name.startsWith('price-ingest-worker'));
  const feed = chaos.writeFeed('two');
  const result = await chaos.runFeed(feed);
  const cmp = chaos.compareToClean(await chaos.settled(feed));
  chaos.row(
    'two-workers',
    `${workers.length} price-ingest workers, one feed`,
    {
      requests: '–',
      run: `${result.run?.status}, ${result.run?.prices_published} prices, attempts ${result.run?.attempts}`,
      lostOrDoubled: `${cmp.lost} lost, ${cmp.doubled} doubled`,
    },
    {
      'two workers running': workers.length >= 2 && workers.every((w) => chaos.alive(w.pid)),
      'each record applied once':
        result.run?.status === 'completed' && Number(result.run?.prices_published) === chaos.PRICES && cmp.same && cmp.doubled === 0 && cmp.lost === 0,
    },
  );
}
