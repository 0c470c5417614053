import { formatCents } from '@hintakori/web-util';
import type { CampaignItem } from './offers.api';

/** The URL parameter of the "only real discounts" toggle (`/tarjoukset/{store}?todelliset=1`). */
export const REAL_ONLY_PARAM = 'todelliset';

/** A real discount against the 30-day low: '−0,50 € (−25 %)'; null when it is none. */
export function realDiscountText(c: Pick<CampaignItem, 'isRealDiscount' | 'saving' | 'lowestPrice30d'>): string | null {
  if (!c.isRealDiscount || !c.saving || !c.lowestPrice30d) return null;
  const percent = Math.round((c.saving / c.lowestPrice30d) * 100);
  return `−${formatCents(c.saving)} € (−${percent} %)`;
}

/** The heading count: '12 tuotetta kampanjahinnalla' or '3 todellista alennusta'. */
export function campaignCountText(total: number, realOnly: boolean): string {
  if (realOnly) return total === 1 ? '1 todellinen alennus' : `${total} todellista alennusta`;
  return total === 1 ? '1 tuote kampanjahinnalla' : `${total} tuotetta kampanjahinnalla`;
}
