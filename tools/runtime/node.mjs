#!/usr/bin/env node
// The supported Node.js for everything the project runs: the version in .nvmrc (an active LTS line).
// When the machine's `node` is older (a fresh machine with only Node 20), the official Node binary is fetched
// once from the npm registry (`npm pack node-<platform>-<arch>@<version>`: npm checks the package's integrity)
// into ~/.cache/hintakori/node-v<version>-<platform>-<arch>, and the entry scripts re-run themselves under it.
//   node tools/runtime/node.mjs            prints the path of the node binary to use (fetching it if needed)
//   node tools/runtime/node.mjs --env      prints `export PATH=… npm_config_nodedir=…` lines for `eval` in shell scripts
// In a script (plain ESM, must load on the old Node too):
//   import { useSupportedNode } from './runtime/node.mjs';  await useSupportedNode();
// The fetched node's bin dir is put first on PATH, so `npm`, `npx` and every child `node` (npm install included,
// so native add-ons are built for it) run under the same version; npm_config_nodedir points node-gyp at its headers.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR } from './cache.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The pinned version (major.minor.patch) from .nvmrc; its major is the oldest one the project accepts. */
export const NODE_VERSION = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
export const NODE_MAJOR = Number(NODE_VERSION.split('.')[0]);

const say = (message) => process.stderr.write(`[node] ${message}\n`);

/** True when this process already runs on a supported Node (the pinned major or newer). */
export function isSupported(version = process.versions.node) {
  return Number(version.split('.')[0]) >= NODE_MAJOR;
}

/** The home (bin/node, include/node) of the pinned Node for this machine, fetched from the npm registry on first use. */
export function ensureNode() {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!platform || !arch) throw new Error(`no Node ${NODE_VERSION} package for ${process.platform}-${process.arch}: install Node ${NODE_MAJOR} yourself`);
  const pkg = `node-${platform}-${arch}`;
  const home = path.join(CACHE_DIR, `node-v${NODE_VERSION}-${platform}-${arch}`);
  const binary = path.join(home, 'bin/node');
  if (existsSync(binary)) return home;
  mkdirSync(CACHE_DIR, { recursive: true });
  const work = mkdtempSync(path.join(CACHE_DIR, `.node-v${NODE_VERSION}-`));
  try {
    say(`Node ${process.versions.node} is older than the supported ${NODE_MAJOR}; fetching ${pkg}@${NODE_VERSION} from the npm registry (first run only)…`);
    const packed = spawnSync('npm', ['pack', `${pkg}@${NODE_VERSION}`, '--pack-destination', work, '--silent'], { encoding: 'utf8', cwd: work });
    if (packed.status !== 0) throw new Error(`npm pack ${pkg}@${NODE_VERSION} failed:\n${packed.stdout}${packed.stderr}`);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg}@${NODE_VERSION} wrote no tarball`);
    const unpacked = spawnSync('tar', ['-xzf', tarball], { cwd: work, encoding: 'utf8' });
    if (unpacked.status !== 0) throw new Error(`unpacking ${tarball} failed:\n${unpacked.stderr}`);
    const fetched = path.join(work, 'package');
    const check = spawnSync(path.join(fetched, 'bin/node'), ['--version'], { encoding: 'utf8' });
    if (check.status !== 0 || check.stdout.trim() !== `v${NODE_VERSION}`) {
      throw new Error(`the fetched ${pkg}@${NODE_VERSION} does not run here (${check.stdout}${check.stderr}${check.error ?? ''})`);
    }
    try {
      renameSync(fetched, home);
    } catch (error) {
      // Another process installed it first: keep theirs.
      if (!existsSync(binary)) throw error;
    }
    say(`Node ${NODE_VERSION} installed in ${home}`);
    return home;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The environment that makes `node`, `npm`, `npx` and node-gyp use the Node at `home`. */
export function nodeEnv(home, env = process.env) {
  const bin = path.join(home, 'bin');
  const rest = (env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== bin);
  return { ...env, PATH: [bin, ...rest].join(path.delimiter), npm_config_nodedir: home, HINTAKORI_NODE: path.join(bin, 'node') };
}

/**
 * Re-runs the current script under the supported Node when this one is older, forwarding arguments, stdio,
 * SIGINT/SIGTERM and the exit code; returns at once (doing nothing) when the running Node is supported.
 */
export async function useSupportedNode() {
  if (isSupported()) return;
  let home;
  try {
    home = ensureNode();
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const child = spawn(path.join(home, 'bin/node'), [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: nodeEnv(home) });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  await new Promise(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 1) : 1)));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--env')) {
      if (isSupported()) {
        process.stdout.write(`# Node ${process.versions.node} is supported (>= ${NODE_MAJOR}); nothing to change\n`);
      } else {
        const env = nodeEnv(ensureNode());
        const quote = (v) => `'${v.replaceAll("'", "'\\''")}'`;
        for (const name of ['PATH', 'npm_config_nodedir', 'HINTAKORI_NODE']) process.stdout.write(`export ${name}=${quote(env[name])}\n`);
      }
    } else {
      process.stdout.write(`${isSupported() ? process.execPath : path.join(ensureNode(), 'bin/node')}\n`);
    }
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
