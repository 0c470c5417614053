/** The `<meta>` in which the gateway announces the page's script chunks (libs/gateway/api/src/http/route-hints.ts). */
export const CHUNKS_META_NAME = 'hintakori-chunks';

/** The app loads at the latest this long after the entry ran (a slow picture, or a tab in the background, which paints no frames). */
export const PAINT_WAIT_FALLBACK_MS = 1000;

/**
 * Runs `task` once the page has loaded (its pictures included: a product page's picture is its largest element)
 * and the browser has painted a frame after that. Runs it once.
 */
export function afterPagePainted(task: () => void, win: Window = window): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  const afterFrame = () => win.requestAnimationFrame(() => win.setTimeout(run, 0));
  if (win.document.readyState === 'complete') afterFrame();
  else win.addEventListener('load', afterFrame, { once: true });
  win.setTimeout(run, PAINT_WAIT_FALLBACK_MS);
}

/** Adds `<link rel="modulepreload">` for the chunks the page's `<meta name="hintakori-chunks">` names. */
export function preloadAnnouncedChunks(doc: Document = document): string[] {
  const content = doc.querySelector(`meta[name="${CHUNKS_META_NAME}"]`)?.getAttribute('content') ?? '';
  const hrefs = content.split(/\s+/).filter((href) => /^\/static\/js\/[\w.-]+\.js$/.test(href));
  for (const href of hrefs) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('crossorigin', '');
    link.href = href;
    doc.head.appendChild(link);
  }
  return hrefs;
}
