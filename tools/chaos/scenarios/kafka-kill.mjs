// Chaos scenario kafka-kill (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import {
  sleep,
  SHORT,
  log,
  infra,
  startLoad,
  untilAnswering,
  request,
  figures,
  recoverySeconds,
  sigkill,
  kafkaPid,
  quiet,
  readSet,
  expireSharedCache,
  mixedRead,
  row,
} from '../lib.mjs';

export default async function kafkaKill() {
  const reads = await readSet();
  const down = 10;
  for (const url of reads.urls) await request(url);
  const load = startLoad(20, 5 + down + 60, mixedRead);
  await sleep(5000);
  const pid = kafkaPid();
  const killedAt = Date.now();
  await sigkill(pid);
  // The shared (Redis) copies expire, as their 30 s time to live would: only this gateway's stale copies can answer.
  await expireSharedCache();
  log(`Kafka broker (pid ${pid}) SIGKILLed; restarting it in ${down} s`);
  await sleep(down * 1000);
  const restartAsked = Date.now();
  await infra.startKafka({ topics: false, ...quiet });
  const backAt = Date.now();
  log(`broker answers again ${((backAt - restartAsked) / 1000).toFixed(1)} s after the restart began`);
  await untilAnswering(load, 50_000, (r) => r.status === 200 && !r.stale);
  await sleep(3000);
  load.stop();
  const records = await load.done;
  const outage = records.filter((r) => r.at >= killedAt + 2000 && r.at < restartAsked);
  const f = figures(records, killedAt + 2000, restartAsked);
  const catalogDuring = outage.filter((r) => r.kind === 'catalog');
  // A copy still fresh in the gateway's cache is answered as a hit (200 without X-Cache: STALE): a load that
  // finished just after the kill may have stored one. Any other 200 while the broker is down can only be stale.
  const catalogKinds = {};
  for (const r of catalogDuring) catalogKinds[`${r.status}${r.stale ? ' stale' : ''}`] = (catalogKinds[`${r.status}${r.stale ? ' stale' : ''}`] ?? 0) + 1;
  log(`catalog reads while the broker was down: ${JSON.stringify(catalogKinds)}`);
  const recovery = recoverySeconds(records, backAt, (r) => r.status === 200 && !r.stale);
  const wrong = records.filter((r) => r.wrong).length;
  row(
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
      ...(SHORT ? {} : { 'answers while down within 2 s (p95)': f.p95 <= 2000 }),
      'failures while down are 503 JSON with Retry-After': outage.every((r) => r.status === 200 || (r.status === 503 && r.json && r.retryAfter)),
      'catalog reads seen before served (stale, with X-Cache: STALE)': catalogDuring.some((r) => r.stale) && catalogDuring.every((r) => r.status === 200),
      'full recovery ≤ 10 s after the broker answers (generous bound in --short: 60 s)': recovery !== null && recovery <= (SHORT ? 60 : 10),
      '0 wrong answers': wrong === 0,
    },
  );
}
