/**
 * kafkajs 2.2.4 (its last release) re-arms a timer in every broker connection's request queue even when nothing is
 * queued: with no throttling the delay is negative, so each connection spins through `setTimeout(…, -n)` as fast as
 * the event loop turns (tulios/kafkajs#1556, #1704; the fix of pull request #1667 was never released). Profiled on
 * the idle distributed stack: every app at 10–30 % CPU in `scheduleCheckPendingRequests`, two cores saturated with
 * no traffic at all.
 *
 * This replaces that one method, at import time, with the intended behaviour: a check is scheduled only while
 * requests are queued — when the throttle ends, or after 10 ms when the queue waits on in-flight limits (a
 * finishing request checks the queue too). `push()` schedules as before when it queues a request.
 */
// Deep import on purpose: the request queue is not part of kafkajs's public API (the package has no exports map).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue') as { prototype: RequestQueueInternals };

/** What the replacement touches of kafkajs's RequestQueue. */
export interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
}

/** kafkajs's own interval for re-checking a queue held back by in-flight limits. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

export function scheduleCheckPendingRequests(this: RequestQueueInternals): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilThrottleEnds = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilThrottleEnds > 0 ? untilThrottleEnds : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;

export const kafkaRequestQueue = RequestQueue;
