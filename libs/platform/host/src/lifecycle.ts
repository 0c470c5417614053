import { Logger } from '@nestjs/common';

/**
 * Process lifecycle shared by every app: a draining flag readiness probes consult, and one SIGTERM/SIGINT
 * handler that runs the registered drain steps in order within the grace period (SHUTDOWN_GRACE_MS,
 * default 25 s — Kubernetes' terminationGracePeriodSeconds minus the preStop sleep and a margin), then exits.
 */
export interface Lifecycle {
  readonly draining: boolean;
}

type DrainStep = { name: string; run: () => Promise<void> | void };

const steps: DrainStep[] = [];
let draining = false;
let installed = false;

export const lifecycle: Lifecycle = {
  get draining() {
    return draining;
  },
};

/** Adds a step to the shutdown sequence (run in registration order: stop intake first, close stores last). */
export function onDrain(name: string, run: DrainStep['run']): void {
  steps.push({ name, run });
}

/** The default drain time; the process's own is AppConfig.shutdownGraceMs (SHUTDOWN_GRACE_MS), given to installShutdownHandler. */
const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

/** Runs the drain steps once; resolves with whether they all finished in time. Exposed for tests. */
export async function drain(reason: string, graceMs = DEFAULT_SHUTDOWN_GRACE_MS, logger = new Logger('lifecycle')): Promise<boolean> {
  if (draining) return false;
  draining = true;
  const started = Date.now();
  logger.log(`${reason}: draining (readiness is now false; grace ${Math.round(graceMs / 1000)} s)`);
  const run = (async () => {
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        logger.warn(`drain step "${step.name}" failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
    timer.unref();
  });
  const outcome = await Promise.race([run.then(() => 'done' as const), timedOut]);
  if (timer) clearTimeout(timer);
  if (outcome === 'timeout') {
    logger.error(`drain did not finish within ${graceMs} ms; exiting anyway`);
    return false;
  }
  logger.log(`drained in ${Date.now() - started} ms`);
  return true;
}

/**
 * Installs the SIGTERM/SIGINT handler (once per process): drain within `graceMs` (AppConfig.shutdownGraceMs), then
 * exit 0 (1 when the grace period ran out).
 */
export function installShutdownHandler(graceMs: number, exit: (code: number) => void = (code) => process.exit(code)): void {
  if (installed) return;
  installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void drain(signal, graceMs).then((ok) => exit(ok ? 0 : 1));
    });
  }
}

/** Test helper: forget state between tests. */
export function resetLifecycleForTests(): void {
  steps.length = 0;
  draining = false;
}
