// Chaos scenario kafka-kill-feed (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

/** It runs feeds of its own and compares the projections with the clean run. */
export const usesFeeds = true;

export default async function kafkaKillFeed() {
  await chaos.cleanSnapshot();
  const feed = chaos.writeFeed('kafka');
  const running = chaos.runFeed(feed);
  await chaos.waitRunning(feed);
  const pid = chaos.kafkaPid();
  await chaos.sigkill(pid);
  chaos.log(`feed run under way; Kafka broker (pid ${pid}) SIGKILLed for 10 s`);
  await chaos.sleep(10_000);
  await chaos.infra.startKafka({ topics: false, ...chaos.quiet });
  const { result, cmp } = await chaos.feedOutcome(running, feed);
  chaos.row(
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
