import { Logger } from '@nestjs/common';
import type { StoreFreshnessProjection } from '../prices/store-freshness.projection';
import { CatalogRunCompletedConsumer } from './run-completed.consumer';

describe('CatalogRunCompletedConsumer', () => {
  const run = { runId: '12', source: 's-group', pricesPublished: 3, completedAt: '2026-01-19T06:00:00.000Z' };
  const seen = { at: '2026-01-19T06:00:00.000Z', stores: [{ storeId: 4, unlisted: [] }, { storeId: 5, unlisted: [7, 8] }] };

  async function consume(events: unknown[]) {
    const applied: unknown[] = [];
    const projection = { applyRun: async (r: unknown) => void applied.push(r) } as unknown as StoreFreshnessProjection;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await new CatalogRunCompletedConsumer(projection).handleBatch(events);
      return { applied, warnings: warn.mock.calls.map(([message]) => String(message)) };
    } finally {
      warn.mockRestore();
    }
  }

  it('applies the stores a run saw, and takes a run without them (a resumed run) without applying anything', async () => {
    expect(await consume([run, { ...run, runId: 'run-13', seen }])).toEqual({ applied: [{ runId: 'run-13', source: 's-group', seen }], warnings: [] });
  });

  it('skips a malformed event with its reason and applies the others of the batch', async () => {
    const { applied, warnings } = await consume([
      null,
      { ...run, seen: { at: 'yesterday', stores: [] } },
      { ...run, seen: { ...seen, stores: [{ storeId: 0, unlisted: [] }] } },
      { ...run, seen: { ...seen, stores: [{ storeId: 4, unlisted: [1.5] }] } },
      // The runId rule alerts keys its notifications by, one for both consumers.
      { ...run, runId: 'run 14; drop', seen },
      { ...run, source: undefined, seen },
      { ...run, runId: '15', seen },
    ]);
    expect(applied).toEqual([{ runId: '15', source: 's-group', seen }]);
    expect(warnings).toEqual([
      'Skipped ingest.run-completed event #0: the event must be an object',
      expect.stringMatching(/^Skipped ingest\.run-completed event #1: seen\.at must be an ISO timestamp/),
      expect.stringMatching(/^Skipped ingest\.run-completed event #2: seen\.stores\[0\]\.storeId must be a positive integer/),
      expect.stringMatching(/^Skipped ingest\.run-completed event #3: seen\.stores\[0\]\.unlisted must be positive integers/),
      expect.stringMatching(/^Skipped ingest\.run-completed event #4: runId must be 1 to 100 letters, digits, _ or -/),
      'Skipped ingest.run-completed event #5: source is required',
    ]);
  });
});
