// Chaos scenario kafka-kill-feed (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import { sleep, log, infra, sigkill, kafkaPid, quiet, writeFeed, runFeed, settled, cleanSnapshot, compareToClean, row, waitRunning } from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function kafkaKillFeed() {
  await cleanSnapshot();
  const feed = writeFeed('kafka');
  const running = runFeed(feed);
  await waitRunning(feed);
  const pid = kafkaPid();
  await sigkill(pid);
  log(`feed run under way; Kafka broker (pid ${pid}) SIGKILLed for 10 s`);
  await sleep(10_000);
  await infra.startKafka({ topics: false, ...quiet });
  const result = await running;
  const snap = await settled(feed);
  const cmp = compareToClean(snap);
  row(
    'kafka-kill-feed',
    'SIGKILL the Kafka broker during a feed run, restarted after 10 s',
    {
      requests: '–',
      run: `${result.run?.status}, ${result.run?.prices_published} prices, attempts ${result.run?.attempts}`,
      lostOrDoubled: `${cmp.lost} lost, ${cmp.doubled} doubled`,
    },
    {
      'the run completes': result.run?.status === 'completed',
      'prices equal a clean run (counts and checksums)': cmp.same && cmp.lost === 0 && cmp.doubled === 0,
    },
  );
}
