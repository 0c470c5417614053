// Chaos scenario redis-stop (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import {
  sleep,
  SHORT,
  log,
  infra,
  startLoad,
  figures,
  recoverySeconds,
  quiet,
  writeFeed,
  runFeed,
  settled,
  cleanSnapshot,
  compareToClean,
  readSet,
  mixedRead,
  row,
} from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function redisStop() {
  await readSet();
  await cleanSnapshot();
  const down = SHORT ? 10 : 20;
  const load = startLoad(20, down + 30, mixedRead);
  await sleep(3000);
  const stoppedAt = Date.now();
  await infra.stopRedis(quiet);
  log(`Redis stopped for ${down} s; queueing a feed run meanwhile`);
  const feed = writeFeed('redis');
  const running = runFeed(feed);
  await sleep(down * 1000);
  const backAt = Date.now();
  await infra.startRedis(quiet);
  await sleep(5000);
  load.stop();
  const records = await load.done;
  const f = figures(records, stoppedAt, backAt);
  const result = await running;
  const snap = await settled(feed);
  const cmp = compareToClean(snap);
  const wrong = records.filter((r) => r.wrong).length;
  row(
    'redis-stop',
    `Redis stopped ${down} s under 20 reads/s; a feed run queued while it is down`,
    {
      ...f,
      recoveryS: recoverySeconds(records, backAt, (r) => r.status === 200),
      wrong,
      run: `${result.run?.status}, ${result.run?.prices_published} prices`,
      lostOrDoubled: `${cmp.lost} lost, ${cmp.doubled} doubled`,
    },
    {
      'all reads served': records.every((r) => r.status === 200),
      '0 wrong answers': wrong === 0,
      'the queued run resumes and completes when Redis returns': result.run?.status === 'completed',
      'nothing lost or doubled': cmp.same && cmp.lost === 0 && cmp.doubled === 0,
    },
    'Redis keeps no data across the restart (no persistence): the run is held in the queue client until Redis answers',
  );
}
