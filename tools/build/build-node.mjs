#!/usr/bin/env node
// Compiles the Node apps and libs with swc into dist/ (CommonJS, decorator metadata, path aliases rewritten).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));
const paths = Object.fromEntries(Object.entries(compilerOptions.paths).filter(([alias]) => alias.startsWith('@hintakori/')));

const swcrc = {
  sourceMaps: true,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
    keepClassNames: true,
    baseUrl: root,
    paths,
  },
  module: { type: 'commonjs' },
};
mkdirSync(path.join(root, 'dist'), { recursive: true });
const configFile = path.join(root, 'dist', '.swcrc.json');
writeFileSync(configFile, JSON.stringify(swcrc, null, 2));

const started = Date.now();
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@swc/cli/bin/swc.js'),
    'apps',
    'libs',
    '-d',
    'dist',
    '--config-file',
    configFile,
    '--ignore',
    '**/*.spec.ts,**/*.int-spec.ts,**/*.contract-spec.ts,**/*.testing.ts,apps/web/**,apps/web-e2e/**,apps/extension/**,libs/web/**',
    '--copy-files',
    '--no-swcrc',
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' },
);
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? '');
  process.exit(result.status ?? 1);
}
console.log(`build:node ${result.stdout.trim().split('\n').pop()} in ${Date.now() - started} ms`);
