/**
 * A one-shot latch for boot-time work such as seeding: `run` does the work once, and `ready()` resolves when
 * it finished (or rejects with its error), so event consumers can wait for it before they start.
 */
export class BootLatch {
  private readonly done: Promise<void>;
  private settle!: (error?: unknown) => void;

  constructor() {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error?: unknown) => (error === undefined ? resolve() : reject(error));
    });
    this.done.catch(() => undefined); // the error is thrown by run(); ready() callers see it too
  }

  async run(work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
      this.settle();
    } catch (error) {
      this.settle(error);
      throw error;
    }
  }

  ready(): Promise<void> {
    return this.done;
  }
}
