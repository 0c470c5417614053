import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const storesSlice = createSlice({
  name: 'stores',
  initialState,
  reducers: {
    storeAdded(state, action: PayloadAction<SelectedStore>) {
      if (!state.selected.some((s) => s.id === action.payload.id)) state.selected.push(action.payload);
    },
    storeRemoved(state, action: PayloadAction<number>) {
      state.selected = state.selected.filter((s) => s.id !== action.payload);
    },
    storesReplaced(state, action: PayloadAction<SelectedStore[]>) {
      state.selected = action.payload;
    },
  },
});

export const { storeAdded, storeRemoved, storesReplaced } = storesSlice.actions;
