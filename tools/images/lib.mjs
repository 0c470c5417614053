// What tools/images/ shares: the images `npm run images:build` produces, their names and tags, and podman
// invoked the way this kind of machine needs it (runc and cgroupfs: crun refuses the machine's cgroup layout).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../runtime/lib.mjs';
import { NODE_VERSION } from '../runtime/node.mjs';

export { ROOT };

/** The repository (name prefix) of every image; `IMAGE_REPOSITORY=registry.example.com/hintakori` for a registry. */
export const IMAGE_REPOSITORY = process.env.IMAGE_REPOSITORY ?? 'hintakori';
/** The project's version (package.json), the tag `images:build` gives every image (the chart's appVersion). */
export const VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
/** The base image the project makes (tools/images/base.mjs): minimal Debian + the Node of .nvmrc. */
export const BASE_IMAGE = `${IMAGE_REPOSITORY}/base:node-${NODE_VERSION}`;

/**
 * One image per app: `target` is the stage of its Dockerfile. The price-ingest image also holds the feed-run
 * worker's entry point (dist/apps/price-ingest/src/main.worker.js); the chart and compose start it with that command.
 */
export const IMAGES = [
  { name: 'gateway', dockerfile: 'docker/Dockerfile', target: 'gateway' },
  { name: 'catalog', dockerfile: 'docker/Dockerfile', target: 'catalog' },
  { name: 'stores', dockerfile: 'docker/Dockerfile', target: 'stores' },
  { name: 'carts', dockerfile: 'docker/Dockerfile', target: 'carts' },
  { name: 'comparisons', dockerfile: 'docker/Dockerfile', target: 'comparisons' },
  { name: 'price-ingest', dockerfile: 'docker/Dockerfile', target: 'price-ingest' },
  { name: 'alerts', dockerfile: 'docker/Dockerfile', target: 'alerts' },
  { name: 'web', dockerfile: 'docker/Dockerfile', target: 'web' },
];

/** `<repository>/<app>:<version>`, the reference `images:build` tags an app's image with. */
export const imageRef = (name, tag = VERSION) => `${IMAGE_REPOSITORY}/${name}:${tag}`;

/** podman's global flags on this machine (PODMAN_FLAGS replaces them, e.g. with '' where crun works). */
export const PODMAN_FLAGS = (process.env.PODMAN_FLAGS ?? '--runtime runc --cgroup-manager cgroupfs').split(/\s+/).filter(Boolean);

/** Runs podman to completion; resolves { status, stdout, stderr }. */
export function podman(args, { input, inherit = false } = {}) {
  const result = spawnSync('podman', [...PODMAN_FLAGS, ...args], { encoding: 'utf8', input, stdio: inherit ? 'inherit' : 'pipe', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`podman could not run (${result.error.message}): install it (apt-get install podman buildah runc)`);
  return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** podman that must succeed: its stdout, or an error with its output. */
export function podmanOk(args, options) {
  const result = podman(args, options);
  if (result.status !== 0) throw new Error(`podman ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** Runs podman with its output passed through line by line to `onLine`; resolves with the exit status. */
export function podmanStream(args, onLine) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...PODMAN_FLAGS, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop();
        for (const line of lines) onLine(line);
      });
      stream.on('end', () => rest && onLine(rest));
    }
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** The image's labels ({} when it does not exist). */
export function imageLabels(ref) {
  const result = podman(['image', 'inspect', '--format', '{{json .Labels}}', ref]);
  if (result.status !== 0) return null;
  return JSON.parse(result.stdout.trim() || '{}') ?? {};
}

/** The git commit of the work tree (with `-dirty` when it has uncommitted changes), or 'unknown'. */
export function gitCommit() {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown';
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim();
  return `${head.stdout.trim()}${dirty ? '-dirty' : ''}`;
}

export const fmtBytes = (n) => (n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(2)} GB` : `${(n / 1024 ** 2).toFixed(1)} MB`);
