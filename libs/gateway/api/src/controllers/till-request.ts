import { BONUS_CARD, MAX_SHOPPING_DAY_OFFSET, type MemberCard } from '@hintakori/shared-contracts';
import { shoppingDay } from '@hintakori/shared-util';
import type { StoreDto } from '@hintakori/stores-contracts';
import { BadRequestException } from '@nestjs/common';

/** The shopper's side of a till total as a comparison request carries it (`ComparisonRequest`'s cards, date, bonusStoreIds). */
export interface TillRequest {
  cards?: MemberCard[];
  date?: string;
  bonusStoreIds?: number[];
}

/**
 * The cards and the shopping day of a request, checked (the schema has checked the cards and that the date exists;
 * here the day must be within MAX_SHOPPING_DAY_OFFSET days of today in Helsinki, else a 400 naming `date`), and,
 * when the cards include S-Etukortti, the compared stores of the S group as `bonusStoreIds` (never taken from the
 * outside). `stores` looks the compared stores up (the stores service) only when the bonus needs them.
 */
export async function tillRequest(
  input: { cards?: MemberCard[]; date?: string },
  storeIds: number[],
  stores: (ids: number[]) => Promise<Pick<StoreDto, 'id' | 'type'>[]>,
  now: Date = new Date(),
): Promise<TillRequest> {
  const day = shoppingDay(input.date, MAX_SHOPPING_DAY_OFFSET, now);
  if ('error' in day) throw new BadRequestException(day.error);
  const request: TillRequest = { date: day.date };
  if (input.cards && input.cards.length > 0) {
    request.cards = [...input.cards];
    if (input.cards.includes(BONUS_CARD)) {
      const found = await stores(storeIds);
      request.bonusStoreIds = found.filter((store) => store.type === 'S').map((store) => store.id);
    }
  }
  return request;
}
