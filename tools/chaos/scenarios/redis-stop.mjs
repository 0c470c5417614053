// Chaos scenario redis-stop (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function redisStop() {
  await chaos.readSet();
  await chaos.cleanSnapshot();
  const down = chaos.SHORT ? 10 : 20;
  const load = chaos.startLoad(20, down + 30, chaos.mixedRead);
  await chaos.sleep(3000);
  const stoppedAt = Date.now();
  await chaos.infra.stopRedis(chaos.quiet);
  chaos.log(`Redis stopped for ${down} s; queueing a feed run meanwhile`);
  const feed = chaos.writeFeed('redis');
  const running = chaos.runFeed(feed);
  await chaos.sleep(down * 1000);
  const backAt = Date.now();
  await chaos.infra.startRedis(chaos.quiet);
  await chaos.sleep(5000);
  load.stop();
  const records = await load.done;
  const f = chaos.figures(records, stoppedAt, backAt);
  const { result, cmp } = await chaos.feedOutcome(running, feed);
  const wrong = records.filter((r) => r.wrong).length;
  chaos.row(
    'redis-stop',
    `Redis stopped ${down} s under 20 reads/s; a feed run queued while it is down`,
    {
      ...f,
      recoveryS: chaos.recoverySeconds(records, backAt, (r) => r.status === 200),
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
