// The open-loop load generator of tools/ (the API benchmark's fixed arrival rates, chaos's bounded load). Shoppers do
// not wait for each other: request k is due at start + k / rate whatever happened to the earlier ones, and its latency
// counts from that planned time — a stalled client or server delays what is due after it and that delay is measured,
// not left out (no coordinated omission). An optional cap on the requests in flight keeps an overloaded server from
// drowning in an ever longer queue: a request due while the cap is reached is not sent and counts as late.

/**
 * Sends `rate` requests a second: `warmupSeconds` unmeasured, then `seconds` measured, or until stop() is called.
 * `send(k)` (k from 0) resolves with the request's record (an object of the caller's fields); the generator adds
 * `at` (the planned send time, epoch ms), `ms` (answer time − planned time) and `measured` (false in the warm-up).
 * A rejected send is recorded as `{ error }` (its message).
 *
 * Returns `{ records, stop(), done }`: `records` grows as answers arrive (callers may watch it), `done` resolves once
 * every request sent has been answered with `{ records (by planned time), offered, sent, late, unsent, requests,
 * seconds (first measured planned time → last measured answer), cpuMs (this process's CPU, user + system, all
 * threads, from the first measured request to the end) }`; offered, sent and late count measured requests only.
 */
export function openLoop(rate, send, { seconds, warmupSeconds = 0, maxInFlight = Infinity } = {}) {
  const interval = 1000 / rate;
  const warm = Math.round(rate * warmupSeconds);
  const total = warm + Math.round(rate * seconds);
  const start = performance.now() + 5;
  const measuredFrom = start + warm * interval;
  const records = [];
  let k = 0;
  let inFlight = 0;
  let sent = 0;
  let late = 0;
  let unsent = 0;
  let stopped = false;
  let lastAnswer = measuredFrom;
  let cpuStart = process.cpuUsage();
  let resolveDone;
  const finished = new Promise((resolve) => (resolveDone = resolve));
  const last = () => (stopped || k === total) && inFlight === 0;
  const answered = (planned, measured, fields) => {
    inFlight--;
    const now = performance.now();
    if (measured && now > lastAnswer) lastAnswer = now;
    records.push({ ...fields, at: performance.timeOrigin + planned, ms: now - planned, measured });
    if (last()) resolveDone();
  };
  const tick = () => {
    if (stopped) return;
    // Everything due by now goes out, also what a late timer left behind (the catch-up is what a real arrival
    // process would have sent meanwhile).
    for (const now = performance.now(); k < total && start + k * interval <= now; k++) {
      const planned = start + k * interval;
      const measured = k >= warm;
      if (k === warm) cpuStart = process.cpuUsage();
      if (inFlight >= maxInFlight) {
        unsent++;
        if (measured) late++;
        continue;
      }
      inFlight++;
      if (measured) sent++;
      let request;
      try {
        request = Promise.resolve(send(k));
      } catch (error) {
        request = Promise.reject(error);
      }
      request.then(
        (fields) => answered(planned, measured, fields),
        (error) => answered(planned, measured, { error: String(error?.message ?? error) }),
      );
    }
    if (k < total) setTimeout(tick, Math.max(0, start + k * interval - performance.now()));
    else if (inFlight === 0) resolveDone();
  };
  tick();
  const done = finished.then(() => {
    const cpu = process.cpuUsage(cpuStart);
    return {
      records: records.sort((a, b) => a.at - b.at),
      offered: Math.max(0, Math.min(k, total) - warm),
      sent,
      late,
      unsent,
      requests: k,
      seconds: (lastAnswer - measuredFrom) / 1000,
      cpuMs: (cpu.user + cpu.system) / 1000,
    };
  });
  const stop = () => {
    stopped = true;
    if (last()) resolveDone();
  };
  return { records, stop, done };
}

/**
 * The benchmark's form: `makeRequest(firstIndex + k)` resolves true when the answer is good; resolves once every request
 * sent has been answered with `{ offered, sent, answered, late, errors, latencies (sorted, ms from the planned time,
 * good measured answers only), seconds, cpuMs, requests (how many indexes it used), unsent (warm-up included) }`.
 */
export async function atRate(rate, makeRequest, { firstIndex = 0, warmupSeconds = 1, seconds = 8, maxInFlight = 64 } = {}) {
  const run = await openLoop(rate, async (k) => ({ ok: (await makeRequest(firstIndex + k)) === true }), { seconds, warmupSeconds, maxInFlight }).done;
  const measured = run.records.filter((r) => r.measured);
  const latencies = measured
    .filter((r) => r.ok)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const { records: _records, ...counts } = run;
  return { ...counts, answered: latencies.length, errors: measured.length - latencies.length, latencies };
}
