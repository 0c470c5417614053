/** Message patterns and payloads of the alerts service (price-drop e-mails without an account). */

export const AlertsPatterns = {
  Subscribe: 'alerts.subscribe',
  Confirm: 'alerts.confirm',
  Manage: 'alerts.manage.get',
  DeleteWatch: 'alerts.manage.delete-watch',
  Erase: 'alerts.manage.erase',
} as const;
export type AlertsPattern = (typeof AlertsPatterns)[keyof typeof AlertsPatterns];

/** The abuse limits of the issue: pending confirmations per address, requests per client address an hour, products per address. */
export const ALERT_LIMITS = {
  pendingPerAddress: 5,
  requestsPerClientPerHour: 20,
  itemsPerAddress: 100,
  storesPerRequest: 50,
  confirmationHours: 48,
} as const;

/** One store of a watch request, with the price the gateway read from the catalog (the first reference). */
export interface AlertStoreRef {
  storeId: number;
  storeName: string;
  /** Cents; null when the store has no price for the item now. */
  price: number | null;
}

/**
 * A request to watch one item in some stores. The gateway checks the item and stores exist and adds their
 * names and current prices; `clientAddress` is the requester's IP (for the per-client limit).
 */
export interface SubscribeRequest {
  email: string;
  itemId: number;
  itemName: string;
  itemSlug: string;
  stores: AlertStoreRef[];
  /** Cents; null means "any drop". */
  targetPrice: number | null;
  clientAddress: string;
}

/** Always the same answer, whatever the address: nobody learns whether an address is subscribed. */
export interface SubscribeResult {
  accepted: true;
}

export interface TokenRequest {
  token: string;
}

export interface ConfirmResult {
  /** The address's manage page token (`/hintavahti/{manageToken}`). */
  manageToken: string;
  itemName: string;
  /** Watches (item × store) the confirmation added or updated. */
  watches: number;
}

export interface WatchDto {
  id: number;
  itemId: number;
  itemName: string;
  itemSlug: string;
  storeId: number;
  storeName: string;
  targetPrice: number | null;
  /** The price the next drop is measured against: the price when the watch was made, then the last notified one. */
  referencePrice: number | null;
  latestPrice: number | null;
  createdAt: string;
}

export interface ManageDto {
  email: string;
  watches: WatchDto[];
}

export interface DeleteWatchRequest {
  token: string;
  watchId: number;
}

export interface EraseResult {
  erased: boolean;
}
