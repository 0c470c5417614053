import { NO_CART_ID } from '@hintakori/web-util';

export const STORAGE_KEYS = {
  selectedStores: 'hintakori.selectedStores',
  cartId: 'hintakori.cartId',
  memberCards: 'hintakori.memberCards',
} as const;

export function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working without it.
  }
}

export function readCartId(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.cartId) || NO_CART_ID;
  } catch {
    return NO_CART_ID;
  }
}

export function writeCartId(id: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cartId, id);
  } catch {
    // ignored, see writeJson
  }
}
