import { buildUrl, createBaseQuery, GENERIC_ERROR_MESSAGE, LOGIN_PATH } from './baseQuery';
import { fakeResponse } from '../test/render';

const api = { signal: new AbortController().signal } as Parameters<ReturnType<typeof createBaseQuery>>[1];

function setup(response: Response | Error, address = 'http://localhost/haku') {
  const fetchFn = jest.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const redirect = jest.fn();
  const log = jest.fn();
  const query = createBaseQuery({ fetchFn: fetchFn as unknown as typeof fetch, currentAddress: () => address, redirect, log });
  return { query, fetchFn, redirect, log };
}

describe('baseQuery', () => {
  it('calls /api with credentials, JSON headers, query parameters and a JSON body', async () => {
    const { query, fetchFn } = setup(fakeResponse(200, { id: 'abc' }));
    const result = await query(
      { url: '/shoppingCartComparisons/storeTotals', method: 'POST', params: { storeIds: [1, 2], empty: undefined }, body: { type: 'default' } },
      api,
      {},
    );
    expect(result).toEqual({ data: { id: 'abc' } });
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/shoppingCartComparisons/storeTotals?storeIds=1%2C2');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"type":"default"}' });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('redirects to the login page on 401 outside the sign-in pages', async () => {
    const { query, redirect } = setup(fakeResponse(401, { message: 'Unauthorized' }));
    const result = await query('/admin/category-mappings', api, {});
    expect(redirect).toHaveBeenCalledWith(LOGIN_PATH);
    expect(result.error).toMatchObject({ error: true, status: 401 });
  });

  it.each(['login', 'register', 'reset-password', 'forgot-password'])('does not redirect on 401 on the %s page', async (page) => {
    const { query, redirect } = setup(fakeResponse(401, { message: 'Bad credentials' }), `http://localhost/app/${page}`);
    const result = await query('/auth', api, {});
    expect(redirect).not.toHaveBeenCalled();
    expect(result.error).toMatchObject({ error: true, status: 401, data: { message: 'Bad credentials' } });
  });

  it("turns 5xx into 'Something went wrong'", async () => {
    const { query } = setup(fakeResponse(503, 'upstream down'));
    expect((await query('/items', api, {})).error).toEqual({ error: true, status: 503, message: GENERIC_ERROR_MESSAGE });
  });

  it('returns other 4xx as an error flag with the parsed body', async () => {
    const body = { statusCode: 404, message: 'Store 9 not found', error: 'Not Found' };
    const { query } = setup(fakeResponse(404, body));
    expect((await query('/stores/9', api, {})).error).toEqual({ error: true, status: 404, data: body });
  });

  it("logs network and parse failures and answers 'Something went wrong'", async () => {
    const network = setup(new TypeError('Failed to fetch'));
    expect((await network.query('/items', api, {})).error).toMatchObject({ message: GENERIC_ERROR_MESSAGE });
    expect(network.log).toHaveBeenCalled();

    const parse = setup(fakeResponse(200, '<html>not json'));
    expect((await parse.query('/items', api, {})).error).toMatchObject({ message: GENERIC_ERROR_MESSAGE });
    expect(parse.log).toHaveBeenCalled();
  });

  it('returns null data for an empty success body', async () => {
    const { query } = setup(fakeResponse(200));
    expect(await query('/x', api, {})).toEqual({ data: null });
  });

  it('builds URLs without empty parameters', () => {
    expect(buildUrl('/api', '/items', { search: 'maito', storeIds: [] })).toBe('/api/items?search=maito&storeIds=');
    expect(buildUrl('/api', 'stores', undefined)).toBe('/api/stores');
    expect(buildUrl('/api', '/stores', { search: null })).toBe('/api/stores');
  });
});
