import { HttpException, HttpStatus } from '@nestjs/common';

/** scrypt runs on libuv's thread pool (4 threads by default), shared with DNS, file reads and compression. */
export const PASSWORD_CHECKS_AT_ONCE = 2;
/** Sign-ins that may wait for a turn; one beyond them is answered at once with 503. */
export const PASSWORD_CHECKS_WAITING = 8;
/** What the 503 tells a client to wait: a password check takes some tens of milliseconds. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const SIGN_IN_BUSY = 'Kirjautumisia on juuri nyt liikaa käsittelyssä: yritä uudelleen hetken kuluttua';

/** A refusal that tells the client when to try again (the controller sets `Retry-After`). */
export class SignInRefused extends HttpException {
  constructor(
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, error: status === HttpStatus.TOO_MANY_REQUESTS ? 'Too Many Requests' : 'Service Unavailable' }, status);
  }
}

/**
 * Turns for password checks in this process: at most `atOnce` run, at most `waiting` wait in arrival order,
 * and one more is refused with 503 instead of queueing scrypt work that would stall the thread pool.
 */
export class PasswordCheckTurns {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly atOnce = PASSWORD_CHECKS_AT_ONCE,
    private readonly waiting = PASSWORD_CHECKS_WAITING,
  ) {}

  async run<T>(check: () => Promise<T>): Promise<T> {
    if (this.running >= this.atOnce) {
      if (this.queue.length >= this.waiting) throw new SignInRefused(HttpStatus.SERVICE_UNAVAILABLE, SIGN_IN_BUSY, BUSY_RETRY_AFTER_SECONDS);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await check();
    } finally {
      // The turn passes straight to the next in line (running stays the same), or is given back.
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
