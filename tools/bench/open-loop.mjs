// Requests at a fixed arrival rate (an open model) for the API benchmark (tools/bench/api.mjs). Shoppers do not wait
// for each other: request k is due at start + k / rate whatever happened to the earlier ones, and its latency counts
// from that planned time — a stalled client or server delays what is due after it and that delay is measured, not
// left out (no coordinated omission). A cap on the requests in flight keeps an overloaded server from drowning in an
// ever longer queue: a request due while the cap is reached is not sent and counts as late.

/**
 * Sends `rate` requests a second, `warmupSeconds` unmeasured then `seconds` measured, request k being
 * `makeRequest(firstIndex + k)` (a promise of true when the answer is good). Resolves when every request sent has
 * been answered: `{ offered, sent, answered, late, errors, latencies (sorted, ms from the planned time, good answers
 * only), seconds (from the first measured planned time to the last measured answer), cpuMs (this process's CPU,
 * user + system, all threads, from the first measured request to the end), requests (how many it used), unsent (how
 * many of them were not sent, warm-up included) }`.
 */
export async function atRate(rate, makeRequest, { firstIndex = 0, warmupSeconds = 1, seconds = 8, maxInFlight = 64 } = {}) {
  const interval = 1000 / rate;
  const warm = Math.round(rate * warmupSeconds);
  const total = warm + Math.round(rate * seconds);
  const start = performance.now() + 5;
  const measuredFrom = start + warm * interval;
  const latencies = [];
  let k = 0;
  let inFlight = 0;
  let sent = 0;
  let late = 0;
  let unsent = 0;
  let errors = 0;
  let lastAnswer = measuredFrom;
  let cpuStart = process.cpuUsage();
  await new Promise((resolve) => {
    const answered = (planned, measured, ok) => {
      inFlight--;
      if (measured) {
        const now = performance.now();
        if (ok) latencies.push(now - planned);
        else errors++;
        if (now > lastAnswer) lastAnswer = now;
      }
      if (k === total && inFlight === 0) resolve();
    };
    const tick = () => {
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
        makeRequest(firstIndex + k).then(
          (ok) => answered(planned, measured, ok === true),
          () => answered(planned, measured, false),
        );
      }
      if (k < total) setTimeout(tick, Math.max(0, start + k * interval - performance.now()));
      else if (inFlight === 0) resolve();
    };
    tick();
  });
  const cpu = process.cpuUsage(cpuStart);
  latencies.sort((a, b) => a - b);
  return {
    offered: total - warm,
    sent,
    answered: latencies.length,
    late,
    errors,
    latencies,
    seconds: (lastAnswer - measuredFrom) / 1000,
    cpuMs: (cpu.user + cpu.system) / 1000,
    requests: total,
    unsent,
  };
}
