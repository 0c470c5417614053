import type { ApiCart } from './cart';
import type { ApiHistory, ApiItemPrices, ApiStoreTotal, KnownStore } from './compare';
import type { CartLine, ShownProduct } from './shop-page';

/** Content script → background worker. */
export type ExtensionMessage =
  | { type: 'hintakori:site-seen' }
  | { type: 'hintakori:cart'; cartId: string; storeId: number }
  /** The site's own choices, as its localStorage holds them (`hintakori.selectedStores`, `hintakori.memberCards`): raw, checked by the worker. */
  | { type: 'hintakori:site-state'; selectedStores: unknown; memberCards: unknown }
  /** A product page of a shop: its prices in the shopper's stores. */
  | { type: 'hintakori:product'; ean: string }
  /** The shop's cart page: its total in the shopper's stores. */
  | { type: 'hintakori:cart-totals'; lines: CartLine[] }
  /** What one view of a product page showed: shared only when the shopper turned sharing on. */
  | { type: 'hintakori:observed'; shop: string; shopStoreId: string | null; product: ShownProduct; viewId: string };

export type CartResponse =
  | { ok: true; baseUrl: string; cart: ApiCart; storeName: string | null }
  | { ok: false; baseUrl: string; status: number | null; message: string };

export type ProductResponse =
  | { ok: true; baseUrl: string; stores: KnownStore[]; item: ApiItemPrices | null; history: ApiHistory | null }
  | { ok: false; baseUrl: string; message: string };

export type CartTotalsResponse =
  | { ok: true; baseUrl: string; stores: KnownStore[]; totals: Record<string, ApiStoreTotal>; lines: { ean: string; quantity: number; itemId: number | null }[] }
  | { ok: false; baseUrl: string; message: string };

/** Why a view was or was not shared (the tests and the popup read it; the page never learns it). */
export type ObservedResponse = { sent: true } | { sent: false; reason: 'off' | 'invalid' | 'repeat' | 'no-store' | 'failed' };

/** Storage keys (extension storage, never the shop's). */
export const STORAGE = {
  /** Base URL the user set in the options; wins over the recorded one. */
  baseUrl: 'baseUrl',
  /** Origin of the Hintakori site that last pinged the extension. */
  siteBaseUrl: 'siteBaseUrl',
  handover: (group: string) => `handover:${group}`,
  checked: (cartId: string) => `checked:${cartId}`,
  collapsed: 'panelCollapsed',
  /** The shopper's Hintakori stores ([{id, name}]), read from the site. */
  selectedStores: 'selectedStores',
  /** The shopper's member cards (['k-plussa', …]), read from the site. */
  memberCards: 'memberCards',
  /** true only after the shopper turned price sharing on in the popup; absent or false: nothing is sent. */
  sharePrices: 'sharePrices',
  /** The comparison panel closed ("Sulje") on this shop. */
  comparisonClosed: (shop: string) => `comparisonClosed:${shop}`,
  /** Hintakori's store id of a shop's store id: `{storeId: number | null, at: ms}`. */
  shopStore: (shop: string, id: string) => `shopStore:${shop}:${id}`,
} as const;
