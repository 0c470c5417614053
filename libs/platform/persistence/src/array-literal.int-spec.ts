import { Client } from 'pg';
import { arrayLiteral } from './array-literal';

describe('arrayLiteral on PostgreSQL', () => {
  let sql: Client;

  beforeAll(async () => {
    const url = process.env.TEST_PG_ADMIN_URL;
    if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests with jest -c jest.int.config.js');
    sql = new Client({ connectionString: url });
    await sql.connect();
  });

  afterAll(async () => {
    await sql?.end();
  });

  it('reads back as the same values through the casts the projections use', async () => {
    const texts = ['kpl', '', 'NULL', 'a "b"', 'c\\d', '{e, f}', ' spaced ', 'ä€', null];
    const ints = [1, 0, -5, 2_147_483_647, null];
    const flags = [true, false, null];
    const times = ['2026-11-26T05:00:00.000Z', null];
    const { rows } = await sql.query(
      `SELECT $1::text[] AS texts, $2::int[] AS ints, $3::boolean[] AS flags, (SELECT array_agg(to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM unnest($4::timestamptz[]) AS t) AS times`,
      [arrayLiteral(texts), arrayLiteral(ints), arrayLiteral(flags), arrayLiteral(times)],
    );
    expect(rows[0]).toEqual({ texts, ints, flags, times });
  });
});
