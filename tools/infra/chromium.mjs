#!/usr/bin/env node
// Chromium for the browser e2e suite: Debian's `chromium` package, installed with apt-get when missing.
// Usage: node tools/infra/chromium.mjs [path]   — prints the executable path (installs first if needed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Returns Chromium's executable path, installing Debian's package first when it is missing. */
export function ensureChromium(log = (m) => process.stderr.write(`[chromium] ${m}\n`)) {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${CHROMIUM} does not exist`);
  if (process.getuid?.() !== 0) throw new Error("Chromium is not installed and we are not root - run 'sudo apt-get install -y chromium'");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const started = Date.now();
    log(`apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', ['-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status})`);
    log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is missing`);
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`[chromium] ${error.message}`);
    process.exit(1);
  }
}
