import { MemoryCacheStore } from '@hintakori/platform-cache';
import type { SubmitPriceReportRequest } from '@hintakori/price-ingest-contracts';
import type { Request, Response } from 'express';
import type { Backend } from '../backend';
import type { GatewayConfig } from '../gateway-config';
import { CompiledContract, type RouteInput } from '../http/contract';
import { readPriceReportOptions } from '../http/price-report-limit';
import { priceReportContract, PriceReportsController } from './price-reports.controller';

const contract = new CompiledContract(priceReportContract);
const seenAt = () => new Date(Date.now() - 60_000).toISOString();
const good = () => ({ storeId: 12, ean: '6408430000036', price: 199, seenAt: seenAt() });

/** The message of the 400 the route's contract and handler give a body, or 'accepted'. */
function refusal(body: unknown): Promise<string> {
  return post(body).then(
    () => 'accepted',
    (error: { getStatus?: () => number; message: string }) => `${error.getStatus?.()} ${error.message}`,
  );
}

let submitted: SubmitPriceReportRequest[] = [];
let store = new MemoryCacheStore();
let headers: Record<string, string> = {};
const backend = { submitPriceReport: async (request: SubmitPriceReportRequest) => void submitted.push(request) } as unknown as Backend;
const config = (env: Record<string, string> = {}) => ({ priceReports: readPriceReportOptions(env, []) }) as GatewayConfig;
let controller = new PriceReportsController(backend, store, config());

async function post(body: unknown, ip = '198.51.100.7'): Promise<void> {
  const input = contract.validate({ query: {}, body }) as RouteInput<typeof priceReportContract>;
  const res = { setHeader: (name: string, value: string) => void (headers[name] = value) } as unknown as Response;
  await controller.report(input, { ip } as Request, res);
}

beforeEach(() => {
  submitted = [];
  headers = {};
  store = new MemoryCacheStore();
  controller = new PriceReportsController(backend, store, config({ PRICE_REPORTS_PER_HOUR: '3', PRICE_REPORTS_CLIENT_SECRET: 's'.repeat(32) }));
});

describe('POST /api/price-reports: the 400s name the field', () => {
  it.each([
    [{ ean: '6408430000051' }, 'ean has a wrong check digit, got "6408430000051"'],
    [{ ean: '640843000003' }, 'ean must be an EAN-8 or EAN-13 code (8 or 13 digits), got "640843000003"'],
    [{ storeId: 0 }, 'storeId must be a positive integer, got 0'],
    [{ price: 0 }, 'price must be a whole number from 1 to 1000000, got 0'],
    [{ price: 1_000_001 }, 'price must be a whole number from 1 to 1000000, got 1000001'],
    [{ price: 1.5 }, 'price must be a whole number from 1 to 1000000, got 1.5'],
    [{ regularPrice: 198 }, 'regularPrice must be at least price (199), got 198'],
    [{ comparisonPrice: 100_000_001, comparisonUnit: 'kg' }, 'comparisonPrice must be a whole number from 1 to 100000000, got 100000001'],
    [{ comparisonPrice: 995 }, 'comparisonUnit is required with comparisonPrice'],
    [{ comparisonUnit: 'kg' }, 'comparisonPrice is required with comparisonUnit'],
    [{ comparisonPrice: 995, comparisonUnit: 'Kg' }, 'comparisonUnit must be 1 to 12 lower-case letters or digits, e.g. "kg", "l", "kpl", got "Kg"'],
    [{ seenAt: '2026-12-01T10:00:00' }, 'seenAt must be an ISO 8601 time with an offset, e.g. 2026-12-01T10:15:00+02:00, got "2026-12-01T10:00:00"'],
    [{ seenAt: '2026-13-45T10:00:00Z' }, 'seenAt must be an ISO 8601 time with an offset, e.g. 2026-12-01T10:15:00+02:00, got "2026-13-45T10:00:00Z"'],
    [{ seenAt: new Date(Date.now() + 3 * 60_000).toISOString() }, 'seenAt must not be in the future'],
    [{ seenAt: new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString() }, 'seenAt is over a day old'],
    [{ x: 1 }, 'Unknown field in body: x'],
  ])('%j → %s', async (change, message) => {
    expect(await refusal({ ...good(), ...change })).toBe(`400 ${message}`);
    expect(submitted).toEqual([]);
  });

  it('names a missing field, and takes a report with every optional field and a time a minute ahead', async () => {
    const { price: _price, ...withoutPrice } = good();
    expect(await refusal(withoutPrice)).toBe('400 price is required');
    const full = { ...good(), regularPrice: 249, comparisonPrice: 995, comparisonUnit: 'kg', seenAt: new Date(Date.now() + 60_000).toISOString() };
    expect(await refusal(full)).toBe('accepted');
    expect(submitted).toEqual([{ ...full, client: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
  });
});

describe('POST /api/price-reports: the client and its hourly limit', () => {
  it('sends price-ingest a keyed hash of the client, never its address; an IPv6 /64 is one client', async () => {
    await post(good(), '2001:db8:1:2::5');
    await post({ ...good(), price: 200 }, '2001:db8:1:2::99');
    await post({ ...good(), price: 201 }, '2001:db8:1:3::5');
    const [a, b, c] = submitted.map((s) => s.client);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(JSON.stringify(submitted)).not.toContain('2001');
    // Another secret, another hash: the hash cannot be recomputed from an address without the gateway's secret.
    controller = new PriceReportsController(backend, store, config({ PRICE_REPORTS_CLIENT_SECRET: 't'.repeat(32) }));
    await post({ ...good(), price: 202 }, '2001:db8:1:2::5');
    expect(submitted[3].client).not.toBe(a);
  });

  it('answers 429 with Retry-After past the limit; an identical report counts once and a refused one not at all', async () => {
    const report = good();
    for (let i = 0; i < 4; i++) await post(report);
    expect(await refusal({ ...report, price: 0 })).toMatch(/^400/);
    await post({ ...report, price: 200 });
    await post({ ...report, price: 201 });
    expect(await refusal({ ...report, price: 202 })).toBe('429 Too many price reports: at most 3 an hour');
    expect(Number(headers['Retry-After'])).toBeGreaterThan(3590);
    expect(Number(headers['Retry-After'])).toBeLessThanOrEqual(3600);
    // The refused one opened no duplicate window: sent again, it is refused again.
    expect(await refusal({ ...report, price: 202 })).toMatch(/^429/);
    // Another client has its own hour.
    await post({ ...report, price: 202 }, '203.0.113.9');
    expect(submitted.map((s) => s.price)).toEqual([199, 199, 199, 199, 200, 201, 202]);
  });

  it('reads PRICE_REPORTS_PER_HOUR (default 120, never 0) and refuses a short secret', () => {
    expect(readPriceReportOptions({}, []).perHour).toBe(120);
    const problems: string[] = [];
    readPriceReportOptions({ PRICE_REPORTS_PER_HOUR: '0', PRICE_REPORTS_CLIENT_SECRET: 'short' }, problems);
    expect(problems).toEqual([expect.stringMatching(/^PRICE_REPORTS_PER_HOUR/), 'PRICE_REPORTS_CLIENT_SECRET must be at least 32 characters']);
  });
});
