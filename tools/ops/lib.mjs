// Shared helpers of tools/ops: the operator tools (helm, kubeconform, k6, docker compose) built from the
// Go module proxy and the Kubernetes JSON schemas from PyPI, each installed once into a cache
// (tools/runtime/cache.mjs: ~/.cache/hintakori, or $HINTAKORI_CACHE) keyed by version, so a second run is instant.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CACHE_DIR, ROOT, withCacheLock } from '../runtime/lib.mjs';

export { CACHE_DIR, ROOT };
export const BIN_DIR = path.join(CACHE_DIR, 'bin');

/** Pinned versions; bump here (the cache key is the version, so a bump rebuilds once). */
export const GO_TOOLS = Object.freeze({
  helm: { pkg: 'helm.sh/helm/v3/cmd/helm', version: 'v3.22.0', binary: 'helm' },
  kubeconform: { pkg: 'github.com/yannh/kubeconform/cmd/kubeconform', version: 'v0.8.0', binary: 'kubeconform' },
  k6: { pkg: 'go.k6.io/k6', version: 'v1.8.1', binary: 'k6' },
  // The SMTP server (with a web UI and an HTTP API) the alerts service sends to in development and tests.
  mailpit: { pkg: 'github.com/axllent/mailpit', version: 'v1.27.11', binary: 'mailpit' },
  // Static analysis of the rendered chart for reliability and security (ops:check runs it on the prod values).
  'kube-score': { pkg: 'github.com/zegl/kube-score/cmd/kube-score', version: 'v1.20.0', binary: 'kube-score' },
  // `docker compose` as a CLI plugin: the machine's docker CLI ships without it (see check.mjs).
  // Its go.mod has exclude directives, which `go install pkg@version` refuses: it is built inside the downloaded
  // module instead (`go mod download` + `go build`), where they apply as intended.
  // (v2 line: v5.7.0's github.com/docker/cli dependency is refused by the proxy with 403.)
  compose: {
    pkg: 'github.com/docker/compose/v2/cmd',
    module: 'github.com/docker/compose/v2',
    version: 'v2.40.3',
    binary: 'cmd',
    name: 'docker-compose',
    ldflags: '-X github.com/docker/compose/v2/internal.Version=v2.40.3',
  },
});
export const KUBERNETES_VALIDATE_VERSION = '1.34.1';
/** Kubernetes minor the manifests are validated against (kubernetes-validate bundles one schema dir per minor). */
/** Kubernetes minors the manifests are validated against: the chart's floor (kubeVersion >=1.30) and the newest bundled. */
export const KUBERNETES_VERSIONS = (process.env.KUBERNETES_VERSIONS ?? '1.30,1.34').split(',').map((v) => v.trim());
export const KUBERNETES_VERSION = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1];

const tty = process.stdout.isTTY;
export function log(scope, message) {
  console.log(`[${scope}] ${message}`);
}

/** One status line that rewrites itself on a terminal and prints every few seconds otherwise. */
export function progress(scope) {
  let last = 0;
  return (message, force = false) => {
    if (tty) {
      process.stdout.write(`\r\x1b[2K[${scope}] ${message}`);
      if (force) process.stdout.write('\n');
    } else if (force || Date.now() - last > 5000) {
      last = Date.now();
      console.log(`[${scope}] ${message}`);
    }
  };
}

function goAvailable() {
  const result = spawnSync('go', ['version'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error('the Go toolchain (`go`) is needed to build the operator tools; install Go 1.24+ and retry');
  return result.stdout.trim();
}

/**
 * Returns the path of a Go tool, building it with `go install <pkg>@<version>` on first use.
 * `go install -v` names each package as it compiles; that count is the progress shown.
 */
export async function ensureGoTool(key) {
  const tool = GO_TOOLS[key];
  if (!tool) throw new Error(`unknown tool ${key}`);
  const name = tool.name ?? key;
  const target = path.join(BIN_DIR, `${name}-${tool.version}`);
  if (existsSync(target)) return target;
  return withCacheLock(`${name}-${tool.version}`, async () => {
    if (existsSync(target)) return target;
    const goVersion = goAvailable();
    const gobin = path.join(CACHE_DIR, 'build', `${name}-${tool.version}`);
    rmSync(gobin, { recursive: true, force: true });
    mkdirSync(gobin, { recursive: true });
    log(name, `building ${tool.pkg}@${tool.version} with ${goVersion} (first run only; a few minutes)…`);
    const started = Date.now();
    const show = progress(name);
    let packages = 0;
    let tail = '';
    const env = { ...process.env, GOBIN: gobin, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false', GOTOOLCHAIN: process.env.GOTOOLCHAIN ?? 'auto' };
    let command = ['install', '-v', '-trimpath', '-ldflags=-s -w', `${tool.pkg}@${tool.version}`];
    let cwd = gobin;
    if (tool.module) {
      show(`downloading ${tool.module}@${tool.version}…`, true);
      const download = spawnSync('go', ['mod', 'download', '-json', `${tool.module}@${tool.version}`], { env, encoding: 'utf8', cwd: gobin });
      if (download.status !== 0) throw new Error(`go mod download ${tool.module}@${tool.version} failed:\n${download.stdout}${download.stderr}`);
      cwd = JSON.parse(download.stdout).Dir;
      command = ['build', '-v', '-trimpath', `-ldflags=-s -w ${tool.ldflags ?? ''}`.trim(), '-mod=readonly', '-o', path.join(gobin, tool.binary), `./${path.relative(tool.module, tool.pkg)}`];
    }
    const code = await new Promise((resolve) => {
      const child = spawn('go', command, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      const onData = (chunk) => {
        const text = chunk.toString();
        tail = (tail + text).slice(-4000);
        for (const line of text.split('\n')) {
          if (line.startsWith('go: downloading')) show(`downloading modules… ${line.slice(16)}`);
          else if (line.trim() && !line.startsWith('go:')) {
            packages += 1;
            show(`compiled ${packages} packages (${Math.round((Date.now() - started) / 1000)} s)`);
          }
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('close', resolve);
    });
    if (code !== 0) {
      show('failed', true);
      throw new Error(`go install ${tool.pkg}@${tool.version} failed:\n${tail}`);
    }
    mkdirSync(BIN_DIR, { recursive: true });
    renameSync(path.join(gobin, tool.binary), target);
    rmSync(gobin, { recursive: true, force: true });
    show(`built in ${Math.round((Date.now() - started) / 1000)} s → ${target}`, true);
    return target;
  });
}

/**
 * The Kubernetes JSON schemas (standalone-strict, one dir per minor version) bundled by the PyPI package
 * `kubernetes-validate`, installed into a cached virtualenv. Returns the kubeconform -schema-location
 * template for KUBERNETES_VERSION.
 */
export async function ensureKubernetesSchemas(kubernetesVersion = KUBERNETES_VERSION) {
  const venv = path.join(CACHE_DIR, `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
  const marker = path.join(venv, '.installed');
  if (!existsSync(marker)) {
    await withCacheLock(`kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`, async () => {
      if (existsSync(marker)) return;
      const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
      if (!python) throw new Error('python3 is needed to fetch the Kubernetes schemas (PyPI kubernetes-validate)');
      log('schemas', `installing kubernetes-validate==${KUBERNETES_VALIDATE_VERSION} from PyPI into ${venv}…`);
      rmSync(venv, { recursive: true, force: true });
      runOrThrow(python, ['-m', 'venv', venv]);
      runOrThrow(path.join(venv, 'bin/pip'), ['install', '--quiet', '--disable-pip-version-check', `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`]);
      writeFileSync(marker, new Date().toISOString());
    });
  }
  const schemasRoot = findSchemasRoot(venv);
  // One dir per minor and variant: v1.33.0-local-strict holds {kind}-{group}-{version}.json files (additionalProperties:
  // false everywhere) whose $refs point at _definitions.json next to them — exactly kubeconform's file layout.
  const wanted = `v${kubernetesVersion.replace(/^v/, '')}`;
  const dirs = readdirSync(schemasRoot);
  const pick = (variant) => dirs.find((d) => d === `${wanted}.0-${variant}` || d === `${wanted}-${variant}`);
  const dir = pick('local-strict') ?? pick('local');
  if (!dir) {
    const versions = [...new Set(dirs.map((d) => d.replace(/-local.*$/, '')))].sort();
    throw new Error(`kubernetes-validate ${KUBERNETES_VALIDATE_VERSION} has no schemas for ${wanted}; it has ${versions.join(', ')}`);
  }
  // Their $refs ("/api/_definitions.json#/$defs/…") resolve against each file's https://kubernetes.io/api/… $id,
  // which kubernetes-validate serves from its own registry; kubeconform would try to fetch them. Keep a copy
  // whose refs point at the local _definitions.json by file:// URL (offline, no network).
  const out = path.join(CACHE_DIR, 'kubernetes-schemas', `${KUBERNETES_VALIDATE_VERSION}`, dir);
  const done = path.join(out, '.converted-v2');
  if (!existsSync(done)) {
    const source = path.join(schemasRoot, dir);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    let files = 0;
    for (const file of readdirSync(source)) {
      if (!file.endsWith('.json')) continue;
      writeFileSync(path.join(out, file), readFileSync(path.join(source, file), 'utf8').replaceAll('"/api/_definitions.json#', `"${pathToFileURL(path.join(out, '_definitions.json')).href}#`));
      files += 1;
    }
    writeFileSync(done, `${files} files from ${source}\n`);
  }
  return { dir: out, version: dir, location: `${out}/{{ .ResourceKind }}{{ .KindSuffix }}.json` };
}

function findSchemasRoot(venv) {
  const lib = path.join(venv, 'lib');
  for (const py of readdirSync(lib)) {
    const candidate = path.join(lib, py, 'site-packages/kubernetes_validate/kubernetes-json-schema');
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
  }
  throw new Error(`kubernetes_validate/kubernetes-json-schema not found under ${lib}`);
}

export function runOrThrow(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  return result;
}

export function timed(label) {
  const started = Date.now();
  return () => `${label} ${((Date.now() - started) / 1000).toFixed(1)} s`;
}
