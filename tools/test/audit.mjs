#!/usr/bin/env node
// The dependency audit gate of `npm test`: `npm audit --omit=dev` (the packages the images ship) must report no
// high or critical advisory. Prints each finding and a node:test-style `# pass 1` / `# fail 1` line for the total.
// Fix a finding by upgrading the package (or the one depending on it), not by ignoring it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  console.log('# fail 1');
  process.exit(1);
}
if (report.error) {
  console.error(`npm audit failed: ${report.error.summary ?? JSON.stringify(report.error)}`);
  console.log('# fail 1');
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit --omit=dev: ${['critical', 'high', 'moderate', 'low', 'info'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`);
const blocking = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
for (const v of blocking) {
  const via = v.via.map((x) => (typeof x === 'string' ? x : `${x.title} (${x.url})`)).join('; ');
  console.log(`  ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${via}${v.fixAvailable ? ' — fix available' : ''}`);
}
console.log(blocking.length === 0 ? '# pass 1' : '# fail 1');
process.exit(blocking.length === 0 ? 0 : 1);
