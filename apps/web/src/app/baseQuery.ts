import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { takeEarlyResponse } from './early-requests';
import { buildUrl, type QueryParamValue } from './url';

export { buildUrl, type QueryParamValue };

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
export const LOGIN_PATH = '/app/login';
const AUTH_PAGES = ['login', 'register', 'reset-password', 'forgot-password'];

export interface RequestArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  params?: Record<string, QueryParamValue>;
  body?: unknown;
}

/** Error result of every call: a flag, the HTTP status when there was one, a message or the parsed body. */
export interface ApiError {
  error: true;
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  message?: string;
  data?: unknown;
}

export interface BaseQueryDeps {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  /** The current address of the page (used for the 401 rule). */
  currentAddress?: () => string;
  redirect?: (path: string) => void;
  log?: (...args: unknown[]) => void;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  return JSON.parse(text) as unknown;
}

/**
 * Shared request behaviour (spec §8): JSON in and out, credentials included, query parameters appended.
 * 401 outside the sign-in pages redirects to the login page; 5xx -> 'Something went wrong';
 * other 4xx -> error flag with the parsed body; network or parse failure -> logged + 'Something went wrong'.
 */
export function createBaseQuery(deps: BaseQueryDeps = {}): BaseQueryFn<RequestArgs | string, unknown, ApiError> {
  const {
    baseUrl = '/api',
    fetchFn = (...args) => fetch(...args),
    currentAddress = () => window.location.href,
    redirect = (path) => window.location.assign(path),
    log = (...args) => console.error(...args),
  } = deps;

  return async (args, api) => {
    const { url, method = 'GET', params, body } = typeof args === 'string' ? { url: args } : args;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const address = buildUrl(baseUrl, url, params);
      const send = () =>
        fetchFn(address, {
          method,
          credentials: 'include',
          headers,
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: api?.signal,
        });
      // A read the entry script already started for this page (early-requests.ts) is used instead of a second
      // request; should it have failed, the request is sent again as usual.
      const early = method === 'GET' && body === undefined ? takeEarlyResponse(address) : undefined;
      const response = await (early ? early.catch(send) : send());
      if (response.status === 401) {
        const address = currentAddress();
        if (!AUTH_PAGES.some((page) => address.includes(page))) {
          redirect(LOGIN_PATH);
          return { error: { error: true, status: 401, message: 'Unauthorized' } };
        }
        return { error: { error: true, status: 401, data: await parseBody(response).catch(() => null) } };
      }
      if (response.status >= 500) {
        return { error: { error: true, status: response.status, message: GENERIC_ERROR_MESSAGE } };
      }
      if (response.status >= 400) {
        return { error: { error: true, status: response.status, data: await parseBody(response) } };
      }
      return { data: await parseBody(response) };
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') {
        return { error: { error: true, status: 'FETCH_ERROR', message: 'Aborted' } };
      }
      log(e);
      return { error: { error: true, status: 'FETCH_ERROR', message: GENERIC_ERROR_MESSAGE } };
    }
  };
}
