import type { UnknownAction } from '@reduxjs/toolkit';

/**
 * An action with a payload, the shape Redux Toolkit's action creators make. A type alias rather than an
 * interface, so that it is assignable to Redux's UnknownAction (which has an index signature).
 */
export type PayloadAction<P = void> = { type: string; payload: P };

/**
 * An action creator: called with the payload (optional when the payload may be undefined), with its `type`
 * and a `match` type guard.
 */
export type ActionCreator<P> = (undefined extends P ? (payload?: P) => PayloadAction<P> : (payload: P) => PayloadAction<P>) & {
  readonly type: string;
  match: (action: unknown) => action is PayloadAction<P>;
};

/**
 * The shell's slices are plain reducers built with this instead of Redux Toolkit's createSlice, so that Redux
 * Toolkit, RTK Query and immer are not part of the first screen's JavaScript (they load with the first page
 * that calls the API). Action types keep the 'slice/action' form.
 */
export function createAction<P = void>(type: string): ActionCreator<P> {
  const create = (payload?: P) => ({ type, payload });
  const match = (action: unknown): action is PayloadAction<P> => typeof action === 'object' && action !== null && (action as UnknownAction).type === type;
  return Object.assign(create, { type, match }) as ActionCreator<P>;
}
