#!/usr/bin/env node
// Start PostgreSQL, Redis and Kafka (in parallel) and print where they are.
// Usage: node tools/infra/up.mjs        (eval-friendly env lines: node tools/infra/up.mjs --env)
import { cliMain } from './internal/util.mjs';
import { fmtMs } from '../runtime/lib.mjs';
import { defaults, infraEnv, startAll } from './lib.mjs';

cliMain(async (args) => {
  const envOnly = args.includes('--env');
  const t0 = Date.now();
  // With --env, progress goes to stderr so stdout can be eval'd.
  const r = await startAll({ log: envOnly ? console.error : console.log });
  const env = infraEnv();
  if (envOnly) {
    for (const [k, v] of Object.entries(env)) console.log(`export ${k}=${v}`);
    return 0;
  }
  const rows = [
    ['service', 'address', 'state', 'time', 'data'],
    ['postgres', env.DATABASE_URL, r.postgres.alreadyRunning ? 'already running' : 'started', fmtMs(r.postgres.ms), '.data/pg-dist'],
    ['redis', env.REDIS_URL, r.redis.alreadyRunning ? 'already running' : 'started', fmtMs(r.redis.ms), '.data/redis'],
    [
      `kafka ${defaults.kafka.version}`,
      `${env.KAFKA_BROKERS} (controller :${defaults.kafka.controllerPort})`,
      r.kafka.alreadyRunning ? 'already running' : 'started',
      fmtMs(r.kafka.ms),
      '.data/kafka',
    ],
  ];
  const w = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => c.padEnd(w[i])).join('  ');
  console.log(`\ninfra up in ${fmtMs(Date.now() - t0)}\n`);
  console.log(line(rows[0]));
  console.log(w.map((n) => '-'.repeat(n)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('\nexport these for the apps / tests:');
  for (const [k, v] of Object.entries(env)) console.log(`  export ${k}=${v}`);
  console.log('\nstop with: node tools/infra/down.mjs');
  return 0;
});
