import type { UnknownAction } from '@reduxjs/toolkit';
import type { MemberCard } from '@hintakori/shared-contracts';
import { createAction } from '../../app/actions';
import { readJson, STORAGE_KEYS } from '../../app/storage';

/** The membership cards in the order the web shows them (the contract's MEMBER_CARDS; type-only import, so listed here). */
export const CARD_ORDER: readonly MemberCard[] = ['k-plussa', 'lidl-plus', 's-etukortti'];

/** The card's name as the shopper knows it. */
export const CARD_LABELS: Record<MemberCard, string> = {
  'k-plussa': 'K-Plussa',
  'lidl-plus': 'Lidl Plus',
  's-etukortti': 'S-Etukortti',
};

/** The names of `cards` in CARD_ORDER, comma-separated ("K-Plussa, Lidl Plus"). */
export function cardNames(cards: readonly MemberCard[]): string {
  return normalizeCards(cards).map((card) => CARD_LABELS[card]).join(', ');
}

/** The cards the shopper holds ("Kanta-asiakkuudet"); none: shelf prices. Kept in the browser like the chosen stores. */
export interface CardsState {
  held: MemberCard[];
}

const isMemberCard = (value: unknown): value is MemberCard => typeof value === 'string' && (CARD_ORDER as readonly string[]).includes(value);

/** Known cards, each once, in CARD_ORDER (what storage holds is untrusted). */
export function normalizeCards(values: readonly unknown[]): MemberCard[] {
  return CARD_ORDER.filter((card) => values.some((v) => v === card && isMemberCard(v)));
}

export function loadCards(): MemberCard[] {
  const stored = readJson<unknown>(STORAGE_KEYS.memberCards, []);
  return Array.isArray(stored) ? normalizeCards(stored) : [];
}

export const initialCardsState: CardsState = { held: [] };

export const cardToggled = createAction<{ card: MemberCard; held: boolean }>('cards/cardToggled');
export const cardsReplaced = createAction<MemberCard[]>('cards/cardsReplaced');

export function cardsReducer(state: CardsState = initialCardsState, action: UnknownAction): CardsState {
  if (cardToggled.match(action)) {
    const { card, held } = action.payload;
    if (!isMemberCard(card) || state.held.includes(card) === held) return state;
    return { held: normalizeCards(held ? [...state.held, card] : state.held.filter((c) => c !== card)) };
  }
  if (cardsReplaced.match(action)) return { held: normalizeCards(action.payload) };
  return state;
}
