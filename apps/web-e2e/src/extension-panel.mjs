// The extension's checklist panel, read and clicked from a test. Its shadow root is closed, so neither the shop's
// scripts nor Playwright's locators reach it; the DevTools protocol does (Chromium only): DOM.getDocument with
// `pierce` lists closed roots, DOM.resolveNode gives a handle to one, Runtime.callFunctionOn runs a function on it.
import assert from 'node:assert/strict';

/**
 * Runs `fn` (a `function`, not an arrow: it gets the panel's shadow root as `this`) in the shop page and returns its
 * JSON result, or undefined while there is no panel. The root is closed: the shop's scripts and Playwright's locators
 * cannot reach it, the DevTools protocol can (DOM.getDocument with `pierce` lists closed roots, DOM.resolveNode gives a
 * handle to one, Runtime.callFunctionOn calls `fn` on it).
 */
export function inPanel(page, fn, ...args) {
  return inShadowHost(page, 'hintakori-ostoslista', fn, ...args);
}

/** inPanel for the closed root of the panel hosted by the element with id `hostId` (the comparison: 'hintakori-vertailu'). */
export async function inShadowHost(page, hostId, fn, ...args) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const find = (node) => {
      if (node.nodeName === 'DIV' && (node.attributes ?? []).some((v, i) => i % 2 === 1 && v === hostId && node.attributes[i - 1] === 'id'))
        return node;
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
        const found = find(child);
        if (found) return found;
      }
      return null;
    };
    const shadow = find(root)?.shadowRoots?.[0];
    if (!shadow) return undefined;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId: shadow.backendNodeId });
    const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: fn.toString(),
      arguments: args.map((value) => ({ value })),
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails) throw new Error(`in the panel: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** What the shopper sees in the panel (runs in the page with the shadow root as `this`). */
export function panelSnapshot() {
  const panel = this.querySelector('[data-testid="hintakori-panel"]');
  if (!panel) return null;
  return {
    heading: panel.querySelector('h2')?.textContent ?? '',
    text: panel.innerText,
    progress: panel.querySelector('[data-testid="hintakori-progress"]')?.textContent ?? null,
    back: panel.querySelector('a.back')?.getAttribute('href') ?? null,
    lines: [...panel.querySelectorAll('[data-testid="hintakori-line"]')].map((li) => ({
      itemId: li.dataset.itemId,
      text: li.innerText,
      price: li.querySelector('[data-testid="hintakori-price"]')?.textContent ?? null,
      checked: li.querySelector('input[type=checkbox]')?.checked ?? false,
      links: [...li.querySelectorAll('a')].map((a) => ({ label: a.getAttribute('aria-label'), href: a.getAttribute('href') })),
      pictures: [...li.querySelectorAll('img')].map((img) => img.getAttribute('src')),
    })),
  };
}

/** Polls the panel until `ready(snapshot)` holds (like a locator's waitFor), and returns that snapshot. */
export async function waitForPanel(page, ready, what) {
  const deadline = Date.now() + 60_000;
  let last;
  let error;
  for (;;) {
    // Fails while the page navigates (its nodes go away under the call): try again.
    last = await inPanel(page, panelSnapshot).catch((e) => void (error = e));
    if (last && ready(last)) return last;
    if (Date.now() > deadline) throw new Error(`the panel never showed ${what}: ${JSON.stringify(last)}${error ? ` (last error: ${error.message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Ticks a line's check box with a real mouse click at its place on the screen. */
export async function tickLine(page, itemId) {
  const point = await inPanel(
    page,
    function (id) {
      const box = this.querySelector(`[data-testid="hintakori-line"][data-item-id="${id}"] input[type=checkbox]`);
      box.scrollIntoView({ block: 'center' });
      const rect = box.getBoundingClientRect();
      return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
    },
    itemId,
  );
  assert.ok(point, `line ${itemId} has a check box`);
  await page.mouse.click(point.x, point.y);
}
