// Chaos scenario kafka-kill (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

export default async function kafkaKill() {
  const reads = await chaos.readSet();
  const down = 10;
  for (const url of reads.urls) await chaos.request(url);
  const load = chaos.startLoad(20, 5 + down + 60, chaos.mixedRead);
  await chaos.sleep(5000);
  const pid = chaos.kafkaPid();
  const killedAt = Date.now();
  await chaos.sigkill(pid);
  // The shared (Redis) copies expire, as their 30 s time to live would: only this gateway's stale copies can answer.
  await chaos.expireSharedCache();
  chaos.log(`Kafka broker (pid ${pid}) SIGKILLed; restarting it in ${down} s`);
  await chaos.sleep(down * 1000);
  const restartAsked = Date.now();
  await chaos.infra.startKafka({ topics: false, ...chaos.quiet });
  const backAt = Date.now();
  chaos.log(`broker answers again ${((backAt - restartAsked) / 1000).toFixed(1)} s after the restart began`);
  await chaos.untilAnswering(load, 50_000, (r) => r.status === 200 && !r.stale);
  await chaos.sleep(3000);
  load.stop();
  const records = await load.done;
  const outage = records.filter((r) => r.at >= killedAt + 2000 && r.at < restartAsked);
  const f = chaos.figures(records, killedAt + 2000, restartAsked);
  const catalogDuring = outage.filter((r) => r.kind === 'catalog');
  // A copy still fresh in the gateway's cache is answered as a hit (200 without X-Cache: STALE): a load that
  // finished just after the kill may have stored one. Any other 200 while the broker is down can only be stale.
  const catalogKinds = {};
  for (const r of catalogDuring) catalogKinds[`${r.status}${r.stale ? ' stale' : ''}`] = (catalogKinds[`${r.status}${r.stale ? ' stale' : ''}`] ?? 0) + 1;
  chaos.log(`catalog reads while the broker was down: ${JSON.stringify(catalogKinds)}`);
  const recovery = chaos.recoverySeconds(records, backAt, (r) => r.status === 200 && !r.stale);
  const wrong = records.filter((r) => r.wrong).length;
  chaos.row(
    'kafka-kill',
    `SIGKILL the Kafka broker under 20 reads/s, restarted after ${down} s`,
    {
      ...f,
      stale: records.filter((r) => r.stale).length,
      brokerStartS: +((backAt - restartAsked) / 1000).toFixed(1),
      recoveryS: recovery,
      wrong,
      lostOrDoubled: '–',
    },
    {
      ...(chaos.SHORT ? {} : { 'answers while down within 2 s (p95)': f.p95 <= 2000 }),
      'failures while down are 503 JSON with Retry-After': outage.every((r) => r.status === 200 || (r.status === 503 && r.json && r.retryAfter)),
      'catalog reads seen before served (stale, with X-Cache: STALE)': catalogDuring.some((r) => r.stale) && catalogDuring.every((r) => r.status === 200),
      'full recovery ≤ 10 s after the broker answers (generous bound in --short: 60 s)': recovery !== null && recovery <= (chaos.SHORT ? 60 : 10),
      '0 wrong answers': wrong === 0,
    },
  );
}
