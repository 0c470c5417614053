#!/usr/bin/env node
// Chromium for the browser e2e suite: Debian's `chromium` package, installed with apt-get when missing.
// Usage: node tools/infra/chromium.mjs [path]   — prints the executable path (installs first if needed).
import { existsSync } from 'node:fs';
import { ensurePackages } from './apt.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Returns Chromium's executable path, installing Debian's package first when it is missing. */
export function ensureChromium(log = (m) => process.stderr.write(`[chromium] ${m}\n`)) {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH=${CHROMIUM} does not exist`);
  ensurePackages({ chromium: 'chromium' }, { log, extra: ['fonts-dejavu-core'] });
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
