import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PgNotificationListener } from './pg-notifications';

/** The one LISTEN connection of the catalog's search index and the comparisons price cache, on a real PostgreSQL. */
describe('PgNotificationListener on PostgreSQL', () => {
  let sql: Client;
  const channel = `t_${randomBytes(4).toString('hex')}`;
  const other = `${channel}_other`;
  const applicationName = `pg-notifications-${channel}`;
  const events: string[] = [];
  let listener: PgNotificationListener;

  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
    if (!check()) throw new Error(`timed out waiting for ${what}; events: ${events.join(' | ')}`);
  };

  beforeAll(async () => {
    const url = process.env.TEST_PG_ADMIN_URL;
    if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests with jest -c jest.int.config.js');
    sql = new Client({ connectionString: url });
    await sql.connect();
    listener = new PgNotificationListener(
      { connectionString: url, applicationName, channels: [channel, other], retryMs: 100 },
      {
        connected: () => events.push('connected'),
        listening: (generation) => void events.push(`listening ${generation}`),
        notification: (from, payload) => events.push(`${from === channel ? 'main' : 'other'}: ${payload}`),
        lost: (error) => events.push(`lost: ${error.message}`),
      },
    );
  });

  afterAll(async () => {
    await listener?.stop();
    await sql?.end();
  });

  it('listens on every channel, says so after connecting, and passes committed notifications on in commit order', async () => {
    await listener.start();
    expect(events).toEqual(['connected', 'listening 1']);
    expect(listener.isListening).toBe(true);
    await sql.query('BEGIN');
    await sql.query(`SELECT pg_notify($1, 'a'), pg_notify($2, 'b')`, [channel, other]);
    expect(events).toHaveLength(2); // nothing before the commit
    await sql.query('COMMIT');
    await sql.query(`SELECT pg_notify($1, 'c')`, [channel]);
    await until(() => events.length === 5, 'three notifications');
    expect(events.slice(2)).toEqual(['main: a', 'other: b', 'main: c']);
  });

  it('reports a lost connection once, reconnects by itself with a new generation, and hears only the new connection', async () => {
    events.length = 0;
    await sql.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    await until(() => events.includes('listening 2'), 'the reconnect');
    expect(events.filter((e) => e.startsWith('lost:'))).toHaveLength(1);
    expect(events.slice(-2)).toEqual(['connected', 'listening 2']);
    expect(listener.generation).toBe(2);
    await sql.query(`SELECT pg_notify($1, 'after')`, [channel]);
    await until(() => events.includes('main: after'), 'a notification after the reconnect');
  });

  it('restart drops the connection on purpose and listens again; after stop nothing more is heard or retried', async () => {
    events.length = 0;
    listener.restart(new Error('the table was truncated'), 0);
    expect(listener.isListening).toBe(false);
    await until(() => events.includes('listening 3'), 'the restart');
    expect(events).toEqual(['lost: the table was truncated', 'connected', 'listening 3']);

    await listener.stop();
    events.length = 0;
    await sql.query(`SELECT pg_notify($1, 'late')`, [channel]);
    await new Promise((r) => setTimeout(r, 300));
    expect(events).toEqual([]);
    const { rows } = await sql.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    expect(rows[0].n).toBe(0);
  });
});
