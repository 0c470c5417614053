import { createApi } from '@reduxjs/toolkit/query/react';
import { createBaseQuery } from './baseQuery';
import { extendStores } from './store';

/**
 * The one API slice for base URL /api; features add endpoints with injectEndpoints. Nothing in the first
 * screen's static imports reaches this module: it loads with the first page or startup task that calls the
 * API, and adds its reducer and middleware to the store then.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createBaseQuery(),
  tagTypes: ['Category', 'Store', 'StoreList', 'Offer', 'Item', 'Cart', 'Comparison', 'StoreTotals'],
  endpoints: () => ({}),
});

extendStores({ reducerPath: api.reducerPath, reducer: api.reducer, middleware: api.middleware });
