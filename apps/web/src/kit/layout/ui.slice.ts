import type { UnknownAction } from '@reduxjs/toolkit';
import { createAction } from '../../app/actions';

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

export const drawerToggled = createAction<boolean | undefined>('ui/drawerToggled');
export const modalOpened = createAction<ModalName>('ui/modalOpened');
export const modalClosed = createAction<ModalName>('ui/modalClosed');
/** The cart's 'Vertaa' closes the cart and opens the compare modal. */
export const compareFromCart = createAction('ui/compareFromCart');
export const extensionDetected = createAction('ui/extensionDetected');

export function uiReducer(state: UiState = initialState, action: UnknownAction): UiState {
  if (drawerToggled.match(action)) return { ...state, drawerOpen: action.payload ?? !state.drawerOpen };
  if (modalOpened.match(action)) return { ...state, modals: { ...state.modals, [action.payload]: true } };
  if (modalClosed.match(action)) return { ...state, modals: { ...state.modals, [action.payload]: false } };
  if (compareFromCart.match(action)) return { ...state, modals: { ...state.modals, cart: false, compare: true } };
  if (extensionDetected.match(action)) return { ...state, extensionInstalled: true };
  return state;
}
