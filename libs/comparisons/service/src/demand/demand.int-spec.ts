import { ComparisonsPatterns, type DemandCounts } from '@hintakori/comparisons-contracts';
import { createTestDatabase, startTestService, testConfig, TestDatabase, TestService } from '@hintakori/testing';
import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ComparisonsModule } from '../comparisons.module';
import { DemandCounter } from './demand-counter';
import { daysBefore, utcDay } from './demand-tally';

describe('anonymous demand counts (comparisons.demand_daily, comparisons.demand)', () => {
  let db: TestDatabase;
  let service: TestService;
  let sql: Client;
  const send = <T>(pattern: string, data: unknown) => firstValueFrom(service.client.send<T>(pattern, data));
  const demand = (data: unknown) => send<DemandCounts>(ComparisonsPatterns.Demand, data);
  const today = utcDay(Date.now());

  beforeAll(async () => {
    db = await createTestDatabase();
    service = await startTestService(ComparisonsModule.forRoot(testConfig(db.url)));
    sql = new Client({ connectionString: db.url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
    await service?.close();
    await db?.drop();
  });

  it('the table holds a day, a kind, an id and a count: nothing of who', async () => {
    const { rows } = await sql.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'comparisons' AND table_name = 'demand_daily' ORDER BY ordinal_position`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(['day', 'kind', 'id', 'count']);
  });

  it('counts store totals and splits in memory, adds them to the table at a flush, and answers the window most first', async () => {
    // Older days: one within the window of 3 days, one outside it, one past the 8 kept days.
    await sql.query(
      `INSERT INTO comparisons.demand_daily (day, kind, id, count) VALUES
         ($1, 'store', 3, 10), ($1, 'item', 300, 10), ($2, 'store', 4, 50), ($3, 'store', 5, 99)`,
      [daysBefore(today, 2), daysBefore(today, 5), daysBefore(today, 9)],
    );
    await send(ComparisonsPatterns.StoreTotals, { storeIds: [1, 2], lines: [{ itemId: 101, quantity: 2 }, { itemId: 102, quantity: 1 }] });
    await send(ComparisonsPatterns.StoreTotals, { storeIds: [1], lines: [{ itemId: 101, quantity: 1 }] });
    await send(ComparisonsPatterns.Split, { storeIds: [1, 2], lines: [{ itemId: 102, quantity: 1 }], maxStores: 2 });
    // A refused request (no store) counts nothing.
    await expect(send(ComparisonsPatterns.StoreTotals, { storeIds: [], lines: [{ itemId: 101, quantity: 1 }] })).rejects.toMatchObject({ statusCode: 400 });
    const { rows: before } = await sql.query('SELECT count(*)::int AS n FROM comparisons.demand_daily WHERE day = $1', [today]);
    expect(before[0].n).toBe(0);

    await service.app.get(DemandCounter).flush();
    const { rows } = await sql.query('SELECT kind, id, count FROM comparisons.demand_daily WHERE day = $1 ORDER BY kind, id', [today]);
    expect(rows).toEqual([
      { kind: 'item', id: 101, count: 2 },
      { kind: 'item', id: 102, count: 2 },
      { kind: 'store', id: 1, count: 3 },
      { kind: 'store', id: 2, count: 2 },
    ]);
    const { rows: old } = await sql.query('SELECT count(*)::int AS n FROM comparisons.demand_daily WHERE day < $1', [daysBefore(today, 8)]);
    expect(old[0].n).toBe(0);

    expect(await demand({ days: 3 })).toEqual({
      stores: [{ storeId: 3, count: 10 }, { storeId: 1, count: 3 }, { storeId: 2, count: 2 }],
      items: [{ itemId: 300, count: 10 }, { itemId: 101, count: 2 }, { itemId: 102, count: 2 }],
    });
    expect(await demand({ days: 8, limit: 2 })).toEqual({
      stores: [{ storeId: 4, count: 50 }, { storeId: 3, count: 10 }],
      items: [{ itemId: 300, count: 10 }, { itemId: 101, count: 2 }],
    });
    expect((await demand({ days: 1 })).stores).toEqual([{ storeId: 1, count: 3 }, { storeId: 2, count: 2 }]);

    // A second flush adds to the day's rows.
    await send(ComparisonsPatterns.StoreTotals, { storeIds: [2], lines: [] });
    await service.app.get(DemandCounter).flush();
    expect((await demand({ days: 1 })).stores).toEqual([{ storeId: 1, count: 3 }, { storeId: 2, count: 3 }]);
  });

  it('refuses a bad window by name', async () => {
    await expect(demand({ days: 0 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('days') });
    await expect(demand({ days: 9 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(demand({ days: 2, limit: 5001 })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('limit') });
  });
});
