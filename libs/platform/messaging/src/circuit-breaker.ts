import { ServiceCallError } from './call';

export interface CircuitOptions {
  /** A call unanswered this long makes the breaker ask whether the service answers at all (a probe). */
  stallMs: number;
  /** How long the probe may take; a service that answered nothing meanwhile is taken as down. */
  probeTimeoutMs: number;
  /** While open, the breaker probes the service this often and closes on the first answer … */
  probeIntervalMs: number;
  /** … waiting this long for each (no client waits on these: a slow but live service closes the breaker too). */
  recoveryProbeTimeoutMs: number;
  /** Sent to clients as Retry-After with the 503. */
  retryAfterSeconds: number;
}

/** A timer this much later than due (or the probe's timeout, if longer) means this process was starved, not the service silent. */
const STARVED_LAG_MS = 250;

export const DEFAULT_CIRCUIT_OPTIONS: CircuitOptions = { stallMs: 1000, probeTimeoutMs: 700, probeIntervalMs: 1000, recoveryProbeTimeoutMs: 5000, retryAfterSeconds: 2 };

/**
 * A health-aware breaker around the request/reply calls to one service.
 *
 * Closed: calls go through. When a call has waited `stallMs` and the service has answered nothing since the
 * call was sent, one probe (the service's health pattern) is sent; if that brings no answer within
 * `probeTimeoutMs` either, no replica is answering: the breaker opens and every waiting call fails at once with
 * a 503 that carries Retry-After, instead of each one waiting out its own timeout. A slow call of a service that
 * still answers (other calls or the probe) keeps waiting as before.
 * Open: calls fail at once with the 503; the breaker probes every `probeIntervalMs` and closes on the first answer.
 */
export class ServiceCircuit {
  private lastAnswerAt = 0;
  private openSince: number | null = null;
  private probing = false;
  /** A probe was inconclusive (this process was starved): probe again for the calls still waiting. */
  private recheck = false;
  private probeTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly waiting = new Set<() => void>();
  /** Times the breaker opened (for /api/ready and logs). */
  opened = 0;

  constructor(
    readonly service: string,
    private readonly probe: (timeoutMs: number) => Promise<unknown>,
    private readonly options: CircuitOptions = DEFAULT_CIRCUIT_OPTIONS,
    private readonly onChange: (state: 'open' | 'closed', service: string) => void = () => undefined,
  ) {}

  get state(): 'open' | 'closed' {
    return this.openSince === null ? 'closed' : 'open';
  }

  run<T>(pattern: string, call: () => Promise<T>): Promise<T> {
    if (this.openSince !== null) return Promise.reject(this.unavailable(pattern));
    const sentAt = Date.now();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(stallTimer);
        this.waiting.delete(onOpen);
        done();
      };
      const onOpen = () => settle(() => reject(this.unavailable(pattern)));
      this.waiting.add(onOpen);
      const stallTimer = setTimeout(() => void this.stalled(sentAt), this.options.stallMs);
      stallTimer.unref();
      call().then(
        (value) => {
          this.answered();
          settle(() => resolve(value));
        },
        (error: unknown) => {
          if (error instanceof ServiceCallError && error.kind === 'reply') this.answered();
          settle(() => reject(error));
        },
      );
    });
  }

  /** Stops probing (application shutdown). */
  close(): void {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
  }

  private answered(): void {
    this.lastAnswerAt = Date.now();
    if (this.openSince !== null) {
      this.openSince = null;
      this.onChange('closed', this.service);
    }
  }

  /** A call waited stallMs: has the service answered anything since it was sent? If not, probe it. */
  private async stalled(sentAt: number): Promise<void> {
    if (this.lastAnswerAt >= sentAt || this.probing || this.openSince !== null || this.closed) return;
    this.probing = true;
    const probedAt = Date.now();
    try {
      await this.probe(this.options.probeTimeoutMs);
      this.answered();
    } catch (error) {
      if (error instanceof ServiceCallError && error.kind === 'reply') this.answered();
      else if (this.lastAnswerAt < probedAt) await this.judgeUnansweredProbe(probedAt);
    } finally {
      this.probing = false;
    }
    if (this.recheck) {
      this.recheck = false;
      void this.stalled(sentAt);
    }
  }

  /**
   * The probe timed out. In a turn of the event loop timers run before pending I/O is read, so when this process
   * itself was too busy to read (the probe's timer fired far later than asked), replies may be sitting unread:
   * read them first, and if the process was starved, probe again rather than blame the service.
   */
  private async judgeUnansweredProbe(probedAt: number): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.lastAnswerAt >= probedAt) return;
    const starved = Date.now() - probedAt > this.options.probeTimeoutMs + Math.max(this.options.probeTimeoutMs, STARVED_LAG_MS);
    if (!starved) this.open();
    else if (this.waiting.size > 0) this.recheck = true;
  }

  private open(): void {
    if (this.openSince !== null || this.closed) return;
    this.openSince = Date.now();
    this.opened++;
    this.onChange('open', this.service);
    for (const fail of [...this.waiting]) fail();
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.closed) return;
    this.probeTimer = setTimeout(async () => {
      this.probeTimer = null;
      if (this.openSince === null || this.closed) return;
      try {
        await this.probe(this.options.recoveryProbeTimeoutMs);
        this.answered();
      } catch (error) {
        if (error instanceof ServiceCallError && error.kind === 'reply') this.answered();
      }
      if (this.openSince !== null) this.scheduleProbe();
    }, this.options.probeIntervalMs);
    this.probeTimer.unref();
  }

  private unavailable(pattern: string): ServiceCallError {
    return new ServiceCallError(
      pattern,
      { statusCode: 503, message: `The ${this.service} service is not answering; try again in a moment`, retryAfterSeconds: this.options.retryAfterSeconds },
      'unavailable',
    );
  }
}
