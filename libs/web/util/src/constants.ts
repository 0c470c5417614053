/** Business constants of the web client (product spec §9). */
import type { CATALOG_LIMITS } from '@hintakori/catalog-contracts';

export const SEARCH_DEBOUNCE_MS = 500;
export const GEO_BOX_KM = 5;
export const EARTH_RADIUS_KM = 6378;
export const AUTO_SELECT_NEAREST = 4;
export const NEARBY_STORES_SHOWN = 4;
export const STALE_PRICE_DAYS = 14;
export const EXTRA_TOTALS_ROW_MIN_ITEMS = 6;
export const STORE_PAGE_SIZE = 200;
export const OPEN_STATUS_REFRESH_MS = 60_000;
export const CLOSING_SOON_MINUTES = 60;
export const EXTENSION_PING_DELAY_MS = 2500;
export const PRICE_MAP_CENTER: [number, number] = [60.18, 24.93];
export const PRICE_MAP_ZOOM = 13;
export const STORE_MAP_CENTER: [number, number] = [60.1699, 24.9384];
export const STORE_MAP_ZOOM = 14;
export const STORE_TOTALS_MIN_ZOOM = 13;
export const MAP_HEIGHT_PX = 800;
export const LAYER_CONTROL_COLLAPSE_MAX_WIDTH = 640;
export const MAX_CONTENT_WIDTH_PX = 1500;
export const DRAWER_TRANSITION_MS = 300;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SKELETON_CARDS = 10;
export const SKELETON_ROWS = 5;
export const SKELETON_DROPDOWN_ROWS = 4;
export const STORE_LIST_HEIGHT_PX = 730;
export const CLUSTER_RADIUS_PX = 80;
export const CLUSTER_ICON_PX = 40;
/** The catalog contract's limit (CATALOG_LIMITS.storeIds), typed from it: a change there fails the build here. */
export const MAX_STORE_IDS_PER_REQUEST: (typeof CATALOG_LIMITS)['storeIds'] = 100;
export const NO_CART_ID = 'NO_ID';
export const CONTACT_EMAIL = 'hello@hintakori.fi';
export const SITE_NAME = 'Hintakori';

export const IMAGE_SIZES = {
  cartRow: { w: 64, h: 80 },
  thumb: { w: 40, h: 40 },
  card: { w: 96, h: 96 },
  page: { w: 240, h: 300 },
} as const;
