import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ModalName = 'cart' | 'compare' | 'share' | 'buy' | 'categories';

export interface UiState {
  drawerOpen: boolean;
  modals: Record<ModalName, boolean>;
  /** Set when the browser extension answered the ping. */
  extensionInstalled: boolean;
}

const initialState: UiState = {
  drawerOpen: false,
  modals: { cart: false, compare: false, share: false, buy: false, categories: false },
  extensionInstalled: false,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    drawerToggled(state, action: PayloadAction<boolean | undefined>) {
      state.drawerOpen = action.payload ?? !state.drawerOpen;
    },
    modalOpened(state, action: PayloadAction<ModalName>) {
      state.modals[action.payload] = true;
    },
    modalClosed(state, action: PayloadAction<ModalName>) {
      state.modals[action.payload] = false;
    },
    /** The cart's 'Vertaa' closes the cart and opens the compare modal. */
    compareFromCart(state) {
      state.modals.cart = false;
      state.modals.compare = true;
    },
    extensionDetected(state) {
      state.extensionInstalled = true;
    },
  },
});

export const { drawerToggled, modalOpened, modalClosed, compareFromCart, extensionDetected } = uiSlice.actions;
