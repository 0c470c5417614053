#!/usr/bin/env node
// `npm run images:build`: one image per app (tools/images/lib.mjs IMAGES) from the Dockerfiles in docker/, built by
// podman (buildah) on the project's own base image (tools/images/base.mjs: made first when missing), tagged
// hintakori/<app>:<package.json version> and hintakori/<app>:<git commit>. Layers are cached in podman's storage
// (/var/lib/containers), so a build whose package.json, lock file and sources did not change takes seconds, and one
// with only source changes skips the npm install. Prints each step as it starts, then each image's size.
//   npm run images:build                    every image
//   npm run images:build -- gateway catalog  only these
// Env: IMAGE_REPOSITORY (default hintakori), PODMAN_FLAGS (default '--runtime runc --cgroup-manager cgroupfs').
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fmtMs } from '../runtime/lib.mjs';
import { useSupportedNode } from '../runtime/node.mjs';

await useSupportedNode(); // re-runs this script under the Node of .nvmrc when the machine has an older one

// podman, buildah, runc and debootstrap (Debian packages): installed here when missing, as npm test's other steps fetch theirs.
const { IMAGE_TOOLS, ensurePackages } = await import('../infra/apt.mjs');
ensurePackages(IMAGE_TOOLS, { log: (m) => console.log(`[images:build] ${m}`) });

const { ensureBaseImage } = await import('./base.mjs');
const { IMAGES, ROOT, VERSION, fmtBytes, gitCommit, imageRef, podman, podmanOk, podmanStream } = await import('./lib.mjs');
const { spawnSync } = await import('node:child_process');

const log = (message) => console.log(`[images:build] ${message}`);
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !IMAGES.some((image) => image.name === name));
if (unknown.length) {
  console.error(`[images:build] no such image: ${unknown.join(', ')} (images: ${IMAGES.map((i) => i.name).join(', ')})`);
  process.exit(2);
}
const images = wanted.length ? IMAGES.filter((image) => wanted.includes(image.name)) : IMAGES;

const started = Date.now();
let base;
try {
  base = await ensureBaseImage();
} catch (error) {
  console.error(`[images:build] the base image: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const commit = gitCommit();
const commitTag = commit.replace(/-dirty$/, '').slice(0, 12);
const caBundle = [process.env.NODE_EXTRA_CA_CERTS].find((file) => file && existsSync(file));
const results = [];
for (const [index, image] of images.entries()) {
  const t0 = Date.now();
  const ref = imageRef(image.name);
  log(`(${index + 1}/${images.length}) ${ref} from ${image.dockerfile} --target ${image.target}`);
  const args = [
    'build',
    '--layers',
    // docker format: OCI image config has no HEALTHCHECK.
    '--format',
    'docker',
    // npm in the build stages reaches the registry through the host's network.
    '--network',
    'host',
    '--ignorefile',
    path.join(ROOT, `${image.dockerfile}.dockerignore`),
    '-f',
    path.join(ROOT, image.dockerfile),
    '--target',
    image.target,
    '--build-arg',
    `BASE_IMAGE=${base}`,
    // A CA bundle for a TLS-intercepting proxy between here and the npm registry (a build secret: in no layer).
    ...(caBundle ? ['--secret', `id=ca-certificates,src=${caBundle}`] : []),
    '--build-arg',
    `VERSION=${VERSION}`,
    '--build-arg',
    `GIT_COMMIT=${commit}`,
    '-t',
    ref,
    ...(commit === 'unknown' ? [] : ['-t', imageRef(image.name, commitTag)]),
    ROOT,
  ];
  let cached = 0;
  let steps = 0;
  let step = '';
  let stepStarted = Date.now();
  // A long step (the npm install, the compile) says every 30 s that it is still running.
  const heartbeat = setInterval(() => {
    if (step && Date.now() - stepStarted >= 30_000) console.log(`[images:build ${image.name}] … ${step} still running (${fmtMs(Date.now() - stepStarted)})`);
  }, 30_000);
  const status = await podmanStream(args, (line) => {
    if (/^(\[\d+\/\d+\] )?STEP \d+\/\d+/.test(line)) {
      steps++;
      step = line.replace(/:.*/, '');
      stepStarted = Date.now();
      console.log(`[images:build ${image.name}] ${line.length > 160 ? `${line.slice(0, 157)}…` : line}`);
    } else if (/^--> Using cache/.test(line)) cached++;
    else if (/^(Error|error)|ERR!|WARN(ING)?[: ]|\bfailed\b/i.test(line) && !/^--> /.test(line)) console.log(`[images:build ${image.name}]   ${line}`);
    else if (process.env.IMAGES_BUILD_VERBOSE === 'true') console.log(`[images:build ${image.name}]   ${line}`);
  });
  clearInterval(heartbeat);
  if (status !== 0) {
    console.error(`[images:build] ${ref} failed (podman build exit ${status}); IMAGES_BUILD_VERBOSE=true shows every line`);
    process.exit(1);
  }
  // buildah takes a cached LABEL step even when the GIT_COMMIT it names changed, so a warm build could keep an older
  // commit's label: the labels are checked and, when stale, rewritten on the image (configuration only, no layer).
  const labels = { 'org.opencontainers.image.revision': commit, 'org.opencontainers.image.version': VERSION };
  const stale = Object.entries(labels).filter(([key, value]) => podmanOk(['image', 'inspect', '--format', `{{index .Labels "${key}"}}`, ref]).trim() !== value);
  if (stale.length > 0) {
    const buildah = (args) => {
      const result = spawnSync('buildah', args, { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`buildah ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
      return result.stdout.trim();
    };
    const container = buildah(['from', '--pull=never', ref]);
    buildah(['config', ...Object.entries(labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]), container]);
    buildah(['commit', '--quiet', '--format', 'docker', '--rm', container, ref]);
    if (commit !== 'unknown') podmanOk(['tag', ref, imageRef(image.name, commitTag)]);
    log(`${ref}: ${stale.map(([key]) => key.replace('org.opencontainers.image.', '')).join(' and ')} label(s) from the cache were stale, set to ${commit}`);
  }
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', ref]).stdout.trim());
  results.push({ image: ref, size: fmtBytes(size), time: fmtMs(Date.now() - t0), cached: `${cached}/${steps} steps` });
  log(`${ref} built in ${fmtMs(Date.now() - t0)} (${cached} of ${steps} steps from the cache), ${fmtBytes(size)}`);
}
log(`${results.length} images in ${fmtMs(Date.now() - started)} (commit ${commit}):`);
console.table(results);
// Every layer but an app's own is shared: the base and node_modules are stored once for all of them.
const baseSize = Number(podman(['image', 'inspect', '--format', '{{.Size}}', base]).stdout.trim());
log(`of each app image's size, ${fmtBytes(baseSize)} is the base image (${base}); the layers above it but the app's own are shared too`);
