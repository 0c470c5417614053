#!/usr/bin/env node
// Stop PostgreSQL, Redis and Kafka started by tools/infra (data is kept in .data/).
import { cliMain } from './internal/util.mjs';
import { stopAll } from './lib.mjs';

cliMain(async () => {
  await stopAll();
  console.log('infra down');
  return 0;
});
