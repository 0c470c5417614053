import type { ApiCart } from './cart';

/** Content script → background worker. */
export type ExtensionMessage =
  | { type: 'hintakori:site-seen' }
  | { type: 'hintakori:cart'; cartId: string; storeId: number };

export type CartResponse =
  | { ok: true; baseUrl: string; cart: ApiCart; storeName: string | null }
  | { ok: false; baseUrl: string; status: number | null; message: string };

/** Storage keys (extension storage, never the shop's). */
export const STORAGE = {
  /** Base URL the user set in the options; wins over the recorded one. */
  baseUrl: 'baseUrl',
  /** Origin of the Hintakori site that last pinged the extension. */
  siteBaseUrl: 'siteBaseUrl',
  handover: (group: string) => `handover:${group}`,
  checked: (cartId: string) => `checked:${cartId}`,
  collapsed: 'panelCollapsed',
} as const;
