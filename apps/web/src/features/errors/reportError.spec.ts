import { reportError, resetErrorReporting } from './reportError';

describe('reportError', () => {
  const fetchMock = jest.fn();

  beforeEach(() => {
    resetErrorReporting();
    fetchMock.mockReset().mockResolvedValue({ ok: true, status: 204 });
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    window.history.pushState({}, '', '/haku?search=maito');
  });

  it('posts the error to the gateway with the page path', () => {
    expect(reportError(new TypeError('x is undefined'), 'boundary')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/client-errors');
    expect(init.method).toBe('POST');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ message: 'TypeError: x is undefined', kind: 'boundary', url: '/haku?search=maito' });
    expect(typeof body.stack).toBe('string');
  });

  it('sends each distinct error once and at most ten per page load', () => {
    reportError('same', 'window');
    expect(reportError('same', 'window')).toBe(false);
    for (let i = 0; i < 20; i++) reportError(`error ${i}`, 'promise');
    expect(fetchMock).toHaveBeenCalledTimes(10);
  });

  it('never throws when fetch fails', async () => {
    fetchMock.mockRejectedValue(new Error('offline'));
    expect(() => reportError({ weird: true }, 'promise')).not.toThrow();
    await Promise.resolve();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body)).message).toBe('{"weird":true}');
  });
});
