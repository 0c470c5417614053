/*
 * The first screen the server sends. For a visitor without chosen stores or a cart, the gateway puts the page as
 * React renders it for such a visitor (src/server/first-screen.tsx) into the HTML: `<div id="first-screen">`
 * with its styles in `<style id="first-screen-css">`, which also keeps the app's own root hidden. The phone
 * paints that text and those pictures before any script has loaded. React renders into the hidden root as
 * always, and once its first page is there (reportPageShown) the server's copy goes and the app shows: the same
 * page, so nothing moves and nothing new and larger is painted.
 */

import { FIRST_SCREEN_CSS_ID, FIRST_SCREEN_ID, PERSONAL_COOKIE } from '@hintakori/shared-util';

/** The names the gateway writes (libs/shared/util first-screen.ts: one contract for both sides). */
export { FIRST_SCREEN_CSS_ID, FIRST_SCREEN_ID, PERSONAL_COOKIE };

/** The server's copy goes at the latest after this long, even when no page reported itself shown. */
export const FIRST_SCREEN_FALLBACK_MS = 8000;

const FIELDS = 'input, textarea, select';
const BUTTONS = 'button';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The name by which a control of the server's copy finds its twin in the app's page: its kind and accessible name.
 * The two pages are the same, so the n-th control of a name in one is the n-th of that name in the other; a
 * control that only one of them has (the server copy's menu popover, an app-only button) shifts nothing else.
 */
function controlKey(el: Element): string {
  const name = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.getAttribute('name') ?? el.textContent?.trim() ?? '';
  return `${el.tagName}|${el.getAttribute('type') ?? ''}|${name}`;
}

/** The controls of `scope` matching `selector`, outside the server copy's popovers (which the app has not). */
function controls<T extends Element>(scope: ParentNode, selector: string): T[] {
  return [...scope.querySelectorAll<T>(selector)].filter((el) => !el.closest('[popover]'));
}

/** For each control of `from`, its twin in `to` (or undefined). */
function twins<T extends Element>(from: T[], to: T[]): Map<T, T | undefined> {
  const byKey = new Map<string, T[]>();
  for (const el of to) byKey.set(controlKey(el), [...(byKey.get(controlKey(el)) ?? []), el]);
  const seen = new Map<string, number>();
  return new Map(
    from.map((el) => {
      const key = controlKey(el);
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      return [el, byKey.get(key)?.[n]];
    }),
  );
}

/** Taps on buttons of the server's copy that need the app (recorded by watchFirstScreen), replayed at the takeover. */
let pendingTaps: HTMLButtonElement[] = [];
let stopWatching: (() => void) | undefined;

/** A button whose tap the browser handles itself in the server's copy: a popover's, or a form's submit button. */
function worksWithoutScript(button: HTMLButtonElement): boolean {
  return button.hasAttribute('popovertarget') || (button.type === 'submit' && button.form !== null);
}

/**
 * From the entry (main.tsx), before the app's code has arrived: remembers each tap on a button of the server's
 * copy that only the app can carry out (the categories, the cart, the store chooser's location button), so that
 * the app does it, once, when it takes over. Links, the search form and the menu's popover work on their own.
 */
export function watchFirstScreen(doc: Document = document): void {
  const screen = doc.getElementById(FIRST_SCREEN_ID);
  if (!screen || stopWatching) return;
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !screen.contains(button) || button.disabled || button.closest('[popover]') || worksWithoutScript(button)) return;
    pendingTaps.push(button);
  };
  screen.addEventListener('click', onClick);
  stopWatching = () => {
    screen.removeEventListener('click', onClick);
    stopWatching = undefined;
  };
}

/**
 * What the visitor did in the server's copy before the app took over goes into the app's page: the text typed into a
 * field (the search box, the store search) as typing would (an input event, which React hears), with the focus
 * and the caret; the menu opened in the copy (its popover) opens the app's menu; each tap on a button that needed the
 * app is made on the app's button. Runs with the app's root shown: a hidden field cannot take the focus.
 */
function carryOver(screen: HTMLElement, root: HTMLElement, doc: Document): void {
  const active = doc.activeElement;
  const fields = twins(controls<Field>(screen, FIELDS), controls<Field>(root, FIELDS));
  let focus: { target: Field; start: number | null; end: number | null } | undefined;
  for (const [field, target] of fields) {
    if (!target || target.type !== field.type) continue;
    const changed = field instanceof HTMLSelectElement ? !field.options[field.selectedIndex]?.defaultSelected : field.value !== (field as HTMLInputElement).defaultValue;
    if (changed && target.value !== field.value) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')?.set;
      setter?.call(target, field.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
      if (field instanceof HTMLSelectElement) target.dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (active === field) {
      const text = field instanceof HTMLSelectElement ? null : field;
      focus = { target, start: selectionOf(text, 'selectionStart'), end: selectionOf(text, 'selectionEnd') };
    }
  }
  if (focus) {
    focus.target.focus({ preventScroll: true });
    if (focus.start !== null && focus.end !== null && !(focus.target instanceof HTMLSelectElement)) {
      try {
        focus.target.setSelectionRange(focus.start, focus.end);
      } catch {
        // a field type without a caret (number, email)
      }
    }
  }
  const buttons = twins(controls<HTMLButtonElement>(screen, BUTTONS), controls<HTMLButtonElement>(root, BUTTONS));
  // The copy's menu was opened (and left open): the app's menu button opens the app's menu instead.
  const opened = [...buttons.keys()].filter((button) => {
    const target = button.getAttribute('popovertarget');
    const popover = target ? doc.getElementById(target) : null;
    return popover !== null && isPopoverOpen(popover);
  });
  for (const button of [...opened, ...pendingTaps]) buttons.get(button)?.click();
}

function selectionOf(field: HTMLInputElement | HTMLTextAreaElement | null, key: 'selectionStart' | 'selectionEnd'): number | null {
  try {
    return field ? field[key] : null;
  } catch {
    return null; // input types without a selection throw in some browsers
  }
}

function isPopoverOpen(el: Element): boolean {
  try {
    return el.matches(':popover-open');
  } catch {
    return false; // a browser without popovers never opened one
  }
}

/** Removes the server's first screen and its styles, which shows the app's root; true when there was one. */
export function revealApp(doc: Document = document): boolean {
  const screen = doc.getElementById(FIRST_SCREEN_ID);
  const root = doc.getElementById('root');
  // The app's root shows first (its styles go), so that its field can take the focus; no frame is painted in between.
  doc.getElementById(FIRST_SCREEN_CSS_ID)?.remove();
  if (screen && root) carryOver(screen, root, doc);
  stopWatching?.();
  pendingTaps = [];
  screen?.remove();
  return screen !== null;
}

/** Sets the cookie when the visitor has chosen stores or has a cart, and clears it when neither. */
export function syncPersonalCookie(personal: boolean, doc: Document = document): void {
  const has = doc.cookie.split(';').some((part) => part.trim().startsWith(`${PERSONAL_COOKIE}=`));
  if (personal === has) return;
  doc.cookie = personal
    ? `${PERSONAL_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${PERSONAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
