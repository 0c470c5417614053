import { seenProblem } from './run-completed.consumer';

describe('seenProblem', () => {
  const run = { runId: '12', source: 's-group', pricesPublished: 3, completedAt: '2026-01-19T06:00:00.000Z' };

  it('takes a run without stores (a resumed run) and one with its stores', () => {
    expect(seenProblem(run)).toBeNull();
    expect(seenProblem({ ...run, seen: { at: '2026-01-19T06:00:00.000Z', stores: [{ storeId: 4, unlisted: [] }, { storeId: 5, unlisted: [7, 8] }] } })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(seenProblem(null)).toBe('no runId or source');
    expect(seenProblem({ ...run, seen: { at: 'yesterday', stores: [] } })).toBe('seen is not { at, stores }');
    expect(seenProblem({ ...run, seen: { at: run.completedAt, stores: [{ storeId: 0, unlisted: [] }] } })).toMatch(/malformed entry/);
    expect(seenProblem({ ...run, seen: { at: run.completedAt, stores: [{ storeId: 4, unlisted: [1.5] }] } })).toMatch(/malformed entry/);
  });
});
