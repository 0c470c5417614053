/*
 * The first screen the server sends. For a visitor without chosen stores or a cart, the gateway puts the page as
 * React renders it for such a visitor (src/server/first-screen.tsx) into the HTML: `<div id="first-screen">`
 * with its styles in `<style id="first-screen-css">`, which also keeps the app's own root hidden. The phone
 * paints that text and those pictures before any script has loaded. React renders into the hidden root as
 * always, and once its first page is there (reportPageShown) the server's copy goes and the app shows: the same
 * page, so nothing moves and nothing new and larger is painted.
 */

/** The element ids the gateway writes (libs/gateway/api/src/http/first-screen.ts). */
export const FIRST_SCREEN_ID = 'first-screen';
export const FIRST_SCREEN_CSS_ID = 'first-screen-css';

/**
 * The cookie that tells the server this browser has chosen stores or has a cart: its first screen would differ
 * from a new visitor's, so the server sends the plain page (logo bar) instead. Only its presence counts.
 */
export const PERSONAL_COOKIE = 'hk_personal';

/** The server's copy goes at the latest after this long, even when no page reported itself shown. */
export const FIRST_SCREEN_FALLBACK_MS = 8000;

const FIELDS = 'input, textarea';

/**
 * What the visitor typed into the server's copy before the app took over (the search box, the store search) goes
 * into the same field of the app's page, as typing would (an input event, which React hears), and the focus with it.
 * The two pages are the same, so the fields correspond in document order.
 */
function carryOverInput(screen: HTMLElement, root: HTMLElement | null, doc: Document): void {
  if (!root) return;
  const from = [...screen.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS)];
  const to = [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELDS)];
  if (from.length !== to.length) return;
  from.forEach((field, index) => {
    const target = to[index];
    if (field.value !== field.defaultValue && target.value !== field.value && target.type === field.type) {
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')?.set;
      setter?.call(target, field.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (doc.activeElement === field) target.focus();
  });
}

/** Removes the server's first screen and its styles, which shows the app's root; true when there was one. */
export function revealApp(doc: Document = document): boolean {
  const screen = doc.getElementById(FIRST_SCREEN_ID);
  if (screen) carryOverInput(screen, doc.getElementById('root'), doc);
  screen?.remove();
  doc.getElementById(FIRST_SCREEN_CSS_ID)?.remove();
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
