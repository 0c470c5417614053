import { api } from '../../app/api';
import type { ApiError } from '../../app/baseQuery';
import type { MemberCard } from '@hintakori/shared-contracts';
import type { ConfirmResult, ManageDto, SubscribeResult, WatchDto } from '@hintakori/alerts-contracts';

/** The alerts contract's replies (type-only: nothing of the contract reaches the bundle). */
export type AlertWatch = WatchDto;
export type AlertManage = ManageDto;

export interface SubscribeArgs {
  email: string;
  itemId: number;
  storeIds: number[];
  targetPrice: number | null;
  /** The cards the shopper holds: a drop is measured on the price they would pay (omitted when none). */
  cards?: MemberCard[];
}

/** Price-drop e-mails (POST /api/alerts …): no account, double opt-in, one-click unsubscribe. */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeAlert: build.mutation<SubscribeResult, SubscribeArgs>({
      query: (body) => ({ url: '/alerts', method: 'POST', body }),
    }),
    confirmAlert: build.mutation<ConfirmResult, string>({
      query: (token) => ({ url: `/alerts/confirm/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
    getAlerts: build.query<AlertManage, string>({
      query: (token) => ({ url: `/alerts/manage/${encodeURIComponent(token)}` }),
    }),
    deleteAlertWatch: build.mutation<void, { token: string; watchId: number }>({
      query: ({ token, watchId }) => ({ url: `/alerts/manage/${encodeURIComponent(token)}/watches/${watchId}`, method: 'DELETE' }),
    }),
    eraseAlerts: build.mutation<void, string>({
      query: (token) => ({ url: `/alerts/manage/${encodeURIComponent(token)}`, method: 'DELETE' }),
    }),
    unsubscribeAlerts: build.mutation<{ unsubscribed: true }, string>({
      query: (token) => ({ url: `/alerts/unsubscribe/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
  }),
});

export const { useSubscribeAlertMutation, useConfirmAlertMutation, useGetAlertsQuery, useDeleteAlertWatchMutation, useEraseAlertsMutation, useUnsubscribeAlertsMutation } =
  alertsApi;

export function errorStatus(error: unknown): number | null {
  const status = (error as ApiError | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

/** "2,49" or "2.49" or "2" → 249 cents; null when it is not a price. */
export function parseEuros(text: string): number | null {
  const match = /^\s*(\d{1,4})(?:[.,](\d{1,2}))?\s*€?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents >= 1 && cents <= 100_000 ? cents : null;
}
