import { BadRequestException } from '@nestjs/common';
import type { Backend } from '../backend';
import { CompiledContract, type RouteInput } from '../http/contract';
import type { ResponseCache } from '../http/response-cache';
import { locationContract, StoresController } from './stores.controller';

describe('GET /api/stores/location', () => {
  const contract = new CompiledContract(locationContract);
  const box = { minLat: '60.14', maxLat: '60.23', minLong: '24.85', maxLong: '25.05' };

  /** The request through the route's contract and handler; what the handler asked the stores service for. */
  async function locate(query: Record<string, string>) {
    const storesInBox = jest.fn().mockResolvedValue([]);
    const controller = new StoresController({ storesInBox } as unknown as Backend, {} as ResponseCache);
    const input = contract.validate({ query }) as RouteInput<typeof locationContract>;
    await controller.location(input);
    return storesInBox.mock.calls[0][0] as Record<string, unknown>;
  }

  it('passes a box wider than 5° × 10° on to the stores service, which answers that much of it (a schema-valid request is never refused)', async () => {
    expect(await locate({ minLat: '50', maxLat: '70', minLong: '0', maxLong: '40' })).toEqual({ minLat: 50, maxLat: 70, minLong: 0, maxLong: 40, limit: 500 });
  });

  it('sorts by distance from lat and long given together', async () => {
    expect(await locate({ ...box, lat: '60.17', long: '24.94' })).toEqual({ minLat: 60.14, maxLat: 60.23, minLong: 24.85, maxLong: 25.05, lat: 60.17, long: 24.94, limit: 500 });
  });

  it.each([
    ['lat', { lat: '-90' }],
    ['long', { long: '24.94' }],
  ])('accepts %s alone and ignores it: the box without a point, as with neither', async (_name, point) => {
    const asked = await locate({ ...box, ...point });
    expect(asked).toEqual({ minLat: 60.14, maxLat: 60.23, minLong: 24.85, maxLong: 25.05, limit: 500 });
    expect(asked).toEqual(await locate(box));
  });

  it.each([
    [{ ...box, minLat: '61', maxLat: '60' }, 'minLat (61) must not be greater than maxLat (60)'],
    [{ ...box, minLong: '26', maxLong: '25' }, 'minLong (26) must not be greater than maxLong (25)'],
  ])('refuses a box that is inverted, which the schema cannot state: %j', async (query, message) => {
    await expect(locate(query)).rejects.toThrow(BadRequestException);
    await expect(locate(query)).rejects.toThrow(message);
  });
});
