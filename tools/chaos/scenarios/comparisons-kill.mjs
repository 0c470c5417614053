// Chaos scenario comparisons-kill (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import * as chaos from '../lib.mjs';

export default async function comparisonsKill() {
  const reads = await chaos.readSet();
  const down = chaos.SHORT ? 8 : 15;
  const rate = 50;
  const comparisons = chaos.pids().find((c) => c.name === 'comparisons');
  const load = chaos.startLoad(rate, 5 + down + 40, () =>
    chaos.postTotals(reads.totalsBody).then((r) => ({ ...r, wrong: chaos.isWrong('store totals', r, reads.totalsExpected), body: undefined })),
  );
  await chaos.sleep(5000);
  const killedAt = Date.now();
  await chaos.sigkill(comparisons.pid);
  chaos.log(`comparisons (pid ${comparisons.pid}) SIGKILLed; restarting it in ${down} s`);
  await chaos.sleep(down * 1000);
  const restartedAt = Date.now();
  chaos.restartApp('comparisons');
  // Let it come back, then 10 s more of load to see latency settle.
  await chaos.untilAnswering(load, 40_000, (r) => r.status === 200);
  await chaos.sleep(chaos.SHORT ? 3000 : 10_000);
  load.stop();
  const records = await load.done;
  const baseline = records
    .filter((r) => r.at < killedAt && r.status === 200)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const normal = Math.max(3 * chaos.percentile(baseline, 95, 0), 300);
  // While no replica answers: from 2 s after the kill (detection) to the restart.
  const outage = records.filter((r) => r.at >= killedAt + 2000 && r.at < restartedAt);
  const f = chaos.figures(records, killedAt + 2000, restartedAt);
  const firstSuccess = records.find((r) => r.at >= restartedAt && r.status === 200);
  const recovery = chaos.recoverySeconds(records, restartedAt, (r) => r.status === 200 && r.ms <= normal);
  const wrong = records.filter((r) => r.wrong).length;
  chaos.row(
    'comparisons-kill',
    `SIGKILL comparisons under ${rate} store-totals/s, restarted after ${down} s`,
    { ...f, firstSuccessS: firstSuccess ? +((firstSuccess.at - restartedAt) / 1000).toFixed(1) : null, recoveryS: recovery, wrong, lostOrDoubled: '–' },
    {
      'every request while down answered 503 JSON with Retry-After': outage.length > 0 && outage.every((r) => r.status === 503 && r.json && r.retryAfter),
      ...(chaos.SHORT ? {} : { 'answers while down within 2 s (p95)': f.p95 <= 2000 }),
      'normal again ≤ 10 s after the restart (generous bound in --short: 60 s)': recovery !== null && recovery <= (chaos.SHORT ? 60 : 10),
      '0 wrong answers': wrong === 0,
    },
    `baseline p95 ${chaos.percentile(baseline, 95, 0)} ms; "normal" = every request 200 within ${normal} ms`,
  );
}
