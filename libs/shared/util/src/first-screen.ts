/**
 * The first screen: the one contract between the web build's server part (apps/web/src/server/first-screen.tsx,
 * built to dist/apps/web-ssr/first-screen.cjs), the gateway that serves it (libs/gateway/api/src/http/first-screen.ts)
 * and the browser's side that takes the page over (apps/web/src/app/first-screen.ts). Each side imports these names
 * instead of writing them again.
 *
 * For a visitor without chosen stores or a cart, the gateway puts the page as React renders it for such a visitor
 * into the HTML: `<div id={FIRST_SCREEN_ID}>` and its styles in `<style id={FIRST_SCREEN_CSS_ID}>`, which also keep
 * the app's own root hidden until the app has rendered the same page and removes the copy.
 */

/** The element ids the gateway writes and the app removes. */
export const FIRST_SCREEN_ID = 'first-screen';
export const FIRST_SCREEN_CSS_ID = 'first-screen-css';

/**
 * The cookie that tells the server this browser has chosen stores or has a cart: its first screen would differ
 * from a new visitor's, so the server sends the plain page (logo bar) instead. Only its presence counts.
 */
export const PERSONAL_COOKIE = 'hk_personal';

/** What the server fetches for the page at an address. */
export interface FirstScreenNeeds {
  categories: boolean;
  /** The product of a product page. */
  itemId: number | null;
}

export interface FirstScreen {
  /** The markup of the app at this address, as a new visitor's first render shows it. */
  html: string;
  /** styled-components' rules for it, without the <style> element. */
  css: string;
}

/**
 * The server part of the web build, as the gateway loads it: which addresses get a first screen and with what data,
 * and the rendering. The data are the gateway's cached catalogue answers (the category list, the product), typed by
 * the web side.
 */
export interface FirstScreenModule<Data = { categories?: unknown[]; item?: unknown }> {
  firstScreenNeeds(pathname: string): FirstScreenNeeds | null;
  renderFirstScreen(url: string, data: Data): Promise<FirstScreen>;
}
