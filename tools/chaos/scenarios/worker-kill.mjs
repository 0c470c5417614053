// Chaos scenario worker-kill (tools/chaos/run.mjs runs it; its row goes into docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { ROOT as root } from '../../runtime/lib.mjs';
import * as chaos from '../lib.mjs';

export default async function workerKill() {
  // The crash test of the feed pipeline (SIGKILL between a half-published chunk and its checkpoint).
  const out = spawnSync(
    'npx',
    ['jest', '-c', 'jest.contracts.config.js', '--runInBand', 'apps/price-ingest/src/feed-pipeline.contract-spec.ts', '-t', 'killed mid-run'],
    {
      cwd: root,
      env: { ...process.env, ...chaos.infraEnv },
      encoding: 'utf8',
    },
  );
  const text = `${out.stdout}${out.stderr}`;
  const passed = /Tests:.*1 passed/.test(text);
  chaos.row(
    'worker-kill',
    'SIGKILL a price-ingest worker mid-run (feed-pipeline contract test (a))',
    { requests: '–', lostOrDoubled: passed ? '0 lost, 0 doubled' : 'see the test output' },
    { 'the contract test passes': passed },
  );
}
