import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';

/** The one API slice for base URL /api; features add endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: ['Category', 'Store', 'StoreList', 'Offer', 'Item', 'Cart', 'Comparison', 'StoreTotals'],
  endpoints: () => ({}),
});
