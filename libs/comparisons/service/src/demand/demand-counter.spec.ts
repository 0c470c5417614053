import type { DemandCounts } from '@hintakori/comparisons-contracts';
import { DEMAND_FLUSH_MS, DemandCounter, type DemandStore } from './demand-counter';
import { DemandTally, daysBefore, type DemandRow } from './demand-tally';

/** A store that keeps what it was given, summed as the table's upsert does. */
class MemoryStore implements DemandStore {
  table = new Map<string, number>();
  writes: DemandRow[][] = [];
  prunedBefore: string[] = [];
  fail = false;

  async add(rows: readonly DemandRow[]): Promise<void> {
    if (this.fail) throw new Error('database down');
    this.writes.push([...rows]);
    for (const r of rows) this.table.set(`${r.day}|${r.kind}|${r.id}`, (this.table.get(`${r.day}|${r.kind}|${r.id}`) ?? 0) + r.count);
  }
  async pruneBefore(day: string): Promise<number> {
    this.prunedBefore.push(day);
    let n = 0;
    for (const key of [...this.table.keys()]) if (key.slice(0, 10) < day && this.table.delete(key)) n++;
    return n;
  }
  async top(): Promise<DemandCounts> {
    return { stores: [], items: [] };
  }
}

const at = (iso: string) => Date.parse(iso);
const sorted = (rows: DemandRow[]) => [...rows].sort((a, b) => `${a.day}${a.kind}${a.id}`.localeCompare(`${b.day}${b.kind}${b.id}`));

describe('DemandTally', () => {
  it('counts each store once and each item once per comparison, per day', () => {
    const tally = new DemandTally();
    tally.record('2026-12-01', [7, 8], [{ itemId: 101 }, { itemId: 102 }, { itemId: 101 }]);
    tally.record('2026-12-01', [7], [{ itemId: 101 }]);
    tally.record('2026-12-02', [8], []);
    expect(sorted(tally.take())).toEqual([
      { day: '2026-12-01', kind: 'item', id: 101, count: 2 },
      { day: '2026-12-01', kind: 'item', id: 102, count: 1 },
      { day: '2026-12-01', kind: 'store', id: 7, count: 2 },
      { day: '2026-12-01', kind: 'store', id: 8, count: 1 },
      { day: '2026-12-02', kind: 'store', id: 8, count: 1 },
    ]);
    expect(tally.take()).toEqual([]);
    expect(tally.size).toBe(0);
  });

  it('keeps counting known ids past its key limit but drops new ones, counting what it dropped', () => {
    const tally = new DemandTally(3);
    tally.record('2026-12-01', [1], [{ itemId: 10 }, { itemId: 11 }]);
    tally.record('2026-12-01', [1, 2], [{ itemId: 10 }, { itemId: 12 }]);
    expect(tally.size).toBe(3);
    expect(tally.dropped).toBe(2);
    expect(sorted(tally.take()).map((r) => `${r.kind}${r.id}=${r.count}`)).toEqual(['item10=2', 'item11=1', 'store1=2']);
  });

  it('restore adds rows back to what was counted since', () => {
    const tally = new DemandTally();
    tally.record('2026-12-01', [1], [{ itemId: 10 }]);
    const rows = tally.take();
    tally.record('2026-12-01', [1], []);
    tally.restore(rows);
    expect(sorted(tally.take())).toEqual([
      { day: '2026-12-01', kind: 'item', id: 10, count: 1 },
      { day: '2026-12-01', kind: 'store', id: 1, count: 2 },
    ]);
  });

  it('daysBefore counts calendar days in UTC', () => {
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-12-02', 8)).toBe('2026-11-24');
    expect(daysBefore('2026-12-02', 0)).toBe('2026-12-02');
  });
});

describe('DemandCounter', () => {
  let store: MemoryStore;
  let counter: DemandCounter;
  let now: number;

  beforeEach(() => {
    store = new MemoryStore();
    counter = new DemandCounter(store);
    now = at('2026-12-01T23:59:59.000Z');
    counter.now = () => now;
  });

  afterEach(async () => {
    await counter.onModuleDestroy();
    jest.useRealTimers();
  });

  it('writes nothing on a request: the counts wait in memory until a flush', async () => {
    counter.record([7], [{ itemId: 101 }]);
    expect(store.writes).toEqual([]);
    expect(counter.pending).toBe(2);
    await counter.flush();
    expect([...store.table]).toEqual([
      ['2026-12-01|store|7', 1],
      ['2026-12-01|item|101', 1],
    ]);
    expect(counter.pending).toBe(0);
  });

  it('counts a request on its UTC day, the day changing at midnight', async () => {
    counter.record([7], [{ itemId: 101 }]);
    now = at('2026-12-02T00:00:00.000Z');
    counter.record([7], [{ itemId: 101 }, { itemId: 101 }]);
    await counter.flush();
    expect(Object.fromEntries(store.table)).toEqual({
      '2026-12-01|store|7': 1,
      '2026-12-01|item|101': 1,
      '2026-12-02|store|7': 1,
      '2026-12-02|item|101': 1,
    });
  });

  it('a second flush adds only what was counted since the first', async () => {
    counter.record([7], []);
    await counter.flush();
    counter.record([7], []);
    counter.record([7], []);
    await counter.flush();
    expect(store.writes.map((w) => w.map((r) => r.count))).toEqual([[1], [2]]);
    expect(store.table.get('2026-12-01|store|7')).toBe(3);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    counter.record([7], [{ itemId: 5 }]);
    store.fail = true;
    await counter.flush();
    expect(counter.pending).toBe(2);
    counter.record([7], []);
    store.fail = false;
    await counter.flush();
    expect(Object.fromEntries(store.table)).toEqual({ '2026-12-01|store|7': 2, '2026-12-01|item|5': 1 });
  });

  it('prunes the days older than 8 at the first flush and then at most hourly', async () => {
    store.table.set('2026-11-23|store|1', 4);
    store.table.set('2026-11-24|store|1', 5);
    now = at('2026-12-02T10:00:00.000Z');
    await counter.flush();
    expect(store.prunedBefore).toEqual(['2026-11-24']);
    expect([...store.table.keys()]).toEqual(['2026-11-24|store|1']);
    now += 60_000;
    await counter.flush();
    expect(store.prunedBefore).toHaveLength(1);
    now += 3_600_000;
    await counter.flush();
    expect(store.prunedBefore).toEqual(['2026-11-24', '2026-11-24']);
  });

  it('flushes every 30 s and on shutdown', async () => {
    jest.useFakeTimers();
    counter.onModuleInit();
    counter.record([7], []);
    await jest.advanceTimersByTimeAsync(DEMAND_FLUSH_MS - 1);
    expect(store.writes).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.writes).toHaveLength(1);
    counter.record([8], []);
    await counter.onModuleDestroy();
    expect(store.writes).toHaveLength(2);
    expect(store.table.get('2026-12-01|store|8')).toBe(1);
    await jest.advanceTimersByTimeAsync(DEMAND_FLUSH_MS * 3);
    expect(store.writes).toHaveLength(2);
  });

  it('keeps nothing of a request but its store and item ids', async () => {
    const request = { storeIds: [7], lines: [{ itemId: 101, quantity: 3 }], cartId: 'c0ffee00-0000-4000-8000-000000000000', ownerId: 'owner-1', ip: '192.0.2.1' };
    counter.record(request.storeIds, request.lines);
    await counter.flush();
    const written = JSON.stringify(store.writes);
    for (const secret of [request.cartId, request.ownerId, request.ip, '"quantity"']) expect(written).not.toContain(secret);
    for (const row of store.writes.flat()) expect(Object.keys(row).sort()).toEqual(['count', 'day', 'id', 'kind']);
  });
});
