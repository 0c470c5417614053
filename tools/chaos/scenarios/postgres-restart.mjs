// Chaos scenario postgres-restart (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import {
  sleep,
  log,
  infra,
  startLoad,
  untilAnswering,
  figures,
  recoverySeconds,
  quiet,
  writeFeed,
  runFeed,
  settled,
  cleanSnapshot,
  compareToClean,
  readSet,
  expireSharedCache,
  mixedRead,
  row,
  waitRunning,
} from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function postgresRestart() {
  await readSet();
  await cleanSnapshot();
  const feed = writeFeed('postgres');
  const running = runFeed(feed);
  await waitRunning(feed);
  await expireSharedCache();
  const load = startLoad(20, 60, mixedRead);
  await sleep(3000);
  const stoppedAt = Date.now();
  await infra.stopPostgres(quiet);
  log('PostgreSQL stopped (fast shutdown) during a feed run; starting it again');
  await infra.startPostgres(quiet);
  const backAt = Date.now();
  await untilAnswering(load, 40_000, (r) => r.status === 200 && !r.stale);
  await sleep(3000);
  load.stop();
  const records = await load.done;
  const f = figures(records, stoppedAt, backAt + 1);
  const result = await running;
  const snap = await settled(feed);
  const cmp = compareToClean(snap);
  const recovery = recoverySeconds(records, backAt, (r) => r.status === 200 && !r.stale);
  const wrong = records.filter((r) => r.wrong).length;
  row(
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
