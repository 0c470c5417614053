import type { UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '../../app/actions';
import type { Store, StoreMinimal } from '../../app/models';
import { readJson, STORAGE_KEYS } from '../../app/storage';

/** What the browser remembers of a selected store. */
export interface SelectedStore extends StoreMinimal {
  externalId: string | null;
}

export interface StoresState {
  selected: SelectedStore[];
}

export function toSelectedStore(store: Store | SelectedStore): SelectedStore {
  return {
    id: store.id,
    name: store.name,
    urlSlug: store.urlSlug,
    chain: store.chain,
    type: store.type,
    externalId: store.externalId ?? null,
  };
}

function isSelectedStore(value: unknown): value is SelectedStore {
  const v = value as SelectedStore;
  return typeof v === 'object' && v !== null && typeof v.id === 'number' && typeof v.name === 'string';
}

export function loadSelectedStores(): SelectedStore[] {
  const stored = readJson<unknown>(STORAGE_KEYS.selectedStores, []);
  return Array.isArray(stored) ? stored.filter(isSelectedStore) : [];
}

const initialState: StoresState = { selected: [] };

export const storeAdded = createAction<SelectedStore>('stores/storeAdded');
export const storeRemoved = createAction<number>('stores/storeRemoved');
export const storesReplaced = createAction<SelectedStore[]>('stores/storesReplaced');

export function storesReducer(state: StoresState = initialState, action: UnknownAction): StoresState {
  if (storeAdded.match(action)) {
    const store = action.payload;
    return state.selected.some((s) => s.id === store.id) ? state : { ...state, selected: [...state.selected, store] };
  }
  if (storeRemoved.match(action)) return { ...state, selected: state.selected.filter((s) => s.id !== action.payload) };
  if (storesReplaced.match(action)) return { ...state, selected: action.payload };
  return state;
}
