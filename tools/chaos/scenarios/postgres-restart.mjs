// Chaos scenario postgres-restart (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function postgresRestart() {
  await chaos.readSet();
  await chaos.cleanSnapshot();
  const feed = chaos.writeFeed('postgres');
  const running = chaos.runFeed(feed);
  await chaos.waitRunning(feed);
  await chaos.expireSharedCache();
  const load = chaos.startLoad(20, 60, chaos.mixedRead);
  await chaos.sleep(3000);
  const stoppedAt = Date.now();
  await chaos.infra.stopPostgres(chaos.quiet);
  chaos.log('PostgreSQL stopped (fast shutdown) during a feed run; starting it again');
  await chaos.infra.startPostgres(chaos.quiet);
  const backAt = Date.now();
  await chaos.untilAnswering(load, 40_000, (r) => r.status === 200 && !r.stale);
  await chaos.sleep(3000);
  load.stop();
  const records = await load.done;
  const f = chaos.figures(records, stoppedAt, backAt + 1);
  const { result, cmp } = await chaos.feedOutcome(running, feed);
  const recovery = chaos.recoverySeconds(records, backAt, (r) => r.status === 200 && !r.stale);
  const wrong = records.filter((r) => r.wrong).length;
  chaos.row(
    'postgres-restart',
    'PostgreSQL restarted during a feed run under 20 reads/s',
    {
      ...f,
      pgDownS: +((backAt - stoppedAt) / 1000).toFixed(1),
      recoveryS: recovery,
      wrong,
      run: `${result.run?.status}, ${result.run?.prices_published} prices`,
      lostOrDoubled: `${cmp.lost} lost, ${cmp.doubled} doubled`,
    },
    {
      'services answer again without a restart': recovery !== null,
      '0 wrong answers': wrong === 0,
      'the run completes': result.run?.status === 'completed',
      'no projection offset past an uncommitted batch (prices = clean run)': cmp.same && cmp.lost === 0 && cmp.doubled === 0,
    },
  );
}
