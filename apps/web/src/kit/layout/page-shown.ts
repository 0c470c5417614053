/*
 * When the first page has been shown: PageLayout reports it from an effect, which runs after the browser painted
 * the page. Work that the first page does not need (the category list on most pages) waits for it, so that a
 * phone spends its first round trips and bandwidth on what it shows first.
 */

/** Waits no longer than this for a page without PageLayout. */
export const PAGE_SHOWN_FALLBACK_MS = 3000;

let shown = false;
const waiting = new Set<() => void>();

/** Called by PageLayout after its first paint. */
export function reportPageShown(): void {
  if (shown) return;
  shown = true;
  for (const run of [...waiting]) run();
  waiting.clear();
}

/** Runs `task` once the first page has been shown (or after the fallback time); returns a cancel function. */
export function afterFirstPage(task: () => void, fallbackMs: number = PAGE_SHOWN_FALLBACK_MS): () => void {
  if (shown) {
    task();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
    task();
  };
  const timer = setTimeout(run, fallbackMs);
  waiting.add(run);
  return () => {
    done = true;
    clearTimeout(timer);
    waiting.delete(run);
  };
}

/** Pages that show the category list at once: their first paint needs it. */
export function needsCategoriesFirst(pathname: string): boolean {
  return /^\/(kategoria|kauppalista)(\/|$)/.test(pathname);
}

/** How long non-urgent startup work waits after the first page was shown (then for an idle moment). */
export const AFTER_FIRST_PAGE_DELAY_MS = 1000;

/**
 * Runs `task` when the first page has been shown, a second has passed and the browser is idle: for work the
 * shopper does not see at once (the category list, the service worker's registration and precaching), so that
 * it does not compete with what the page shows first (a product's picture, for one). Returns a cancel function.
 */
export function afterFirstPageIdle(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  let cancelled = false;
  const cancelWait = afterFirstPage(() => {
    timer = setTimeout(() => {
      if (cancelled) return;
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 2000 });
      else task();
    }, AFTER_FIRST_PAGE_DELAY_MS);
  });
  return () => {
    cancelled = true;
    cancelWait();
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
