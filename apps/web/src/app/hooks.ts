import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { MemberCard } from '@hintakori/shared-contracts';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export const selectSelectedStores = (state: RootState) => state.stores.selected;

/** Ids of the selected stores in selection order. */
export function useSelectedStoreIds(): number[] {
  const selected = useAppSelector(selectSelectedStores);
  return useMemo(() => selected.map((s) => s.id), [selected]);
}

/** Store names by id for price rows. */
export function useStoreNames(): Map<number, string> {
  const selected = useAppSelector(selectSelectedStores);
  return useMemo(() => new Map(selected.map((s) => [s.id, s.name])), [selected]);
}

export const selectMemberCards = (state: RootState): MemberCard[] => state.cards.held;

/** The membership cards the shopper holds (stable until they change); every comparison request carries them. */
export function useMemberCards(): MemberCard[] {
  return useAppSelector(selectMemberCards);
}
