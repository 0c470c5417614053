#!/usr/bin/env node
// `npm run ops:check`: the offline checks of everything ops ships, as CI runs them.
//   1. helm lint helm/hintakori with the chart defaults and each deploy/values-*.yaml (--strict);
//   2. helm template … | kubeconform -strict against the Kubernetes JSON schemas of each version in
//      KUBERNETES_VERSIONS (default 1.30 and 1.34; PyPI kubernetes-validate, no network at validation time);
//      a deliberately broken manifest must fail, so a validator that silently skips is caught;
//   3. kube-score on the rendering of deploy/values-prod.yaml: fails on any critical finding, apart from the checks in
//      KUBE_SCORE_SKIPPED (each with its reason; also listed in docs/operations.md); warnings are printed;
//   4. every image the chart renders (defaults and each values file) is one `npm run images:build` produces
//      (tools/images/lib.mjs: <repository>/<app>:<version>, after the values' registry);
//   5. docker compose -f docker/compose.yaml config (the compose CLI plugin built from the Go module proxy
//      when the machine's docker CLI has none — compose needs no daemon to validate and render a file).
// Tools are built/installed once into ~/.cache/hintakori (tools/ops/tools.mjs); later runs take seconds.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGES, imageRef } from '../images/lib.mjs';
import { CACHE_DIR, ensureGoTool, ensureKubernetesSchemas, KUBERNETES_VERSIONS, ROOT } from './lib.mjs';

const CHART = path.join(ROOT, 'helm/hintakori');
const SKIP_KINDS = 'PrometheusRule,ServiceMonitor'; // Prometheus Operator CRDs: no schema in the core set
/**
 * kube-score checks deliberately not applied, with the reason (docs/operations.md lists the same).
 * Everything else kube-score enables by default must pass without a critical finding.
 */
const KUBE_SCORE_SKIPPED = {
  // kube-score wants Always; the chart pins every image by release tag or digest (a `latest` tag fails to render),
  // so IfNotPresent fetches each image once per node and a node can restart pods while the registry is down.
  'container-image-pull-policy': 'images are pinned by tag or digest, so IfNotPresent is correct and survives a registry outage',
  // The Prometheus Operator CRDs (ServiceMonitor, PrometheusRule) are not Kubernetes core kinds kube-score knows.
};
const started = Date.now();
const timings = [];
const failures = [];

async function step(name, fn) {
  const t0 = Date.now();
  process.stdout.write(`\n\x1b[1m── ${name}\x1b[0m\n`);
  try {
    await fn();
    timings.push([name, Date.now() - t0, 'ok']);
  } catch (error) {
    timings.push([name, Date.now() - t0, 'FAILED']);
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  }
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  return result;
}

function mustPass(label, result) {
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status}):\n${output}`);
  return output;
}

const valuesFiles = readdirSync(path.join(ROOT, 'deploy'))
  .filter((f) => /^values-.+\.ya?ml$/.test(f))
  .sort()
  .map((f) => path.join('deploy', f));
if (valuesFiles.length === 0) {
  console.error('no deploy/values-*.yaml files');
  process.exit(1);
}

let helm;
let kubeconform;
const schemas = {};
await step('tools (helm, kubeconform, Kubernetes schemas; cached)', async () => {
  helm = await ensureGoTool('helm');
  kubeconform = await ensureGoTool('kubeconform');
  for (const version of KUBERNETES_VERSIONS) schemas[version] = await ensureKubernetesSchemas(version);
  console.log(`helm ${path.basename(helm)}, kubeconform ${path.basename(kubeconform)}, schemas ${Object.values(schemas).map((s) => s.version).join(', ')}`);
});

if (helm && kubeconform) {
  const newest = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1];
  await step(`helm lint (defaults + ${valuesFiles.length} values files)`, async () => {
    for (const values of [null, ...valuesFiles]) {
      const args = ['lint', CHART, '--strict', '--kube-version', `${newest}.0`, ...(values ? ['-f', values] : [])];
      const output = mustPass(`helm lint ${values ?? '(defaults)'}`, run(helm, args));
      console.log(`${values ?? '(chart defaults)'}: ${output.split('\n').filter((l) => /linted|ERROR|WARNING/.test(l)).join(' ')}`);
    }
  });

  await step(`helm template | kubeconform -strict (Kubernetes ${KUBERNETES_VERSIONS.join(', ')})`, async () => {
    // One kubeconform run per Kubernetes version over every rendering (it compiles each schema once per run).
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'hintakori-rendered-'));
    try {
      for (const version of KUBERNETES_VERSIONS) {
        const files = [];
        for (const values of [null, ...valuesFiles]) {
          const name = values ? path.basename(values, path.extname(values)) : 'chart-defaults';
          const rendered = mustPass(
            `helm template ${name} @ ${version}`,
            run(helm, ['template', 'hintakori', CHART, '--namespace', 'hintakori', '--kube-version', `${version}.0`, ...(values ? ['-f', values] : [])]),
          );
          const file = path.join(outDir, `${name}@${version}.yaml`);
          writeFileSync(file, rendered);
          files.push(file);
        }
        const result = run(kubeconform, ['-strict', '-summary', '-schema-location', schemas[version].location, '-skip', SKIP_KINDS, ...files]);
        const summary = mustPass(`kubeconform @ ${version}`, result);
        const match = /(\d+) resources? found in (\d+) files? - Valid: (\d+), Invalid: (\d+), Errors: (\d+), Skipped: (\d+)/.exec(summary);
        if (!match) throw new Error(`kubeconform @ ${version}: unexpected output\n${summary}`);
        const [, found, fileCount, valid, invalid, errors] = match.map(Number);
        if (found === 0 || valid === 0 || invalid > 0 || errors > 0 || fileCount !== files.length) throw new Error(`kubeconform @ ${version}: ${summary}`);
        console.log(`Kubernetes ${version} (${files.map((f) => path.basename(f, '.yaml').replace(/@.*/, '')).join(', ')}): ${summary.split('\n').pop()}`);
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  await step('kubeconform rejects a broken manifest (canary)', async () => {
    const broken = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: canary}',
      'spec:',
      '  replicas: "two"',
      '  selector: {matchLabels: {app: canary}}',
      '  template:',
      '    metadata: {labels: {app: canary}}',
      '    spec:',
      '      containers: [{name: c, image: busybox, notAField: true}]',
      '',
    ].join('\n');
    const result = run(kubeconform, ['-strict', '-summary', '-schema-location', schemas[newest].location, '-'], { input: broken });
    const output = `${result.stdout}${result.stderr}`;
    if (result.status === 0 || !/Invalid: 1/.test(output)) throw new Error(`the broken manifest was not rejected:\n${output}`);
    console.log('rejected as expected: replicas must be an integer, containers[0].notAField is not allowed');
  });
  await step('the chart\'s images are the ones images:build produces', async () => {
    const newest = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1];
    const built = new Set(IMAGES.map((image) => imageRef(image.name)));
    // The one image that is not ours: the backup CronJob's pg_dump comes from the official PostgreSQL image of the
    // server's major version (values.yaml backup.image), pinned to a release, never `latest`.
    const chartValues = readFileSync(path.join(CHART, 'values.yaml'), 'utf8');
    const backupImage = /^backup:\n(?:  .*\n)*?  image: (\S+)$/m.exec(chartValues)?.[1];
    if (!backupImage || !/^docker\.io\/library\/postgres:\d+\.\d+-alpine$/.test(backupImage)) throw new Error(`values.yaml backup.image must be a pinned official postgres image, got ${backupImage}`);
    built.add(backupImage.replace(/^docker\.io\//, ''));
    const wrong = [];
    for (const values of [null, ...valuesFiles]) {
      const name = values ? path.basename(values) : 'chart defaults';
      const rendered = mustPass(`helm template ${name}`, run(helm, ['template', 'hintakori', CHART, '--namespace', 'hintakori', '--kube-version', `${newest}.0`, ...(values ? ['-f', values] : [])]));
      const refs = [...new Set([...rendered.matchAll(/^\s*(?:- )?image:\s*"?([^"\s]+)"?\s*$/gm)].map((m) => m[1]))];
      if (refs.length === 0) throw new Error(`${name}: the rendered chart names no image`);
      // A registry host (a first segment with a dot, a port or localhost) and a digest are where the image lives,
      // not which one it is.
      const names = refs.map((ref) => ({ ref, name: ref.replace(/@sha256:[0-9a-f]+$/, '').replace(/^(?:[^/]*[.:][^/]*|localhost)\//, '') }));
      for (const { ref, name: image } of names) if (!built.has(image)) wrong.push(`${name}: ${ref}`);
      console.log(`${name}: ${names.map((n) => n.ref).join(', ')}`);
    }
    if (wrong.length) throw new Error(`images images:build does not produce (it makes ${[...built].join(', ')}):\n  ${wrong.join('\n  ')}`);
  });
}

let kubeScore;
await step('kube-score (deploy/values-prod.yaml)', async () => {
  kubeScore = await ensureGoTool('kube-score');
  if (!helm) throw new Error('helm is not available');
  const newest = KUBERNETES_VERSIONS[KUBERNETES_VERSIONS.length - 1];
  const rendered = mustPass(
    'helm template values-prod',
    run(helm, ['template', 'hintakori', CHART, '--namespace', 'hintakori', '--kube-version', `${newest}.0`, '-f', path.join('deploy', 'values-prod.yaml')]),
  );
  const args = ['score', '--output-format', 'ci', '--kubernetes-version', `v${newest}`, ...Object.keys(KUBE_SCORE_SKIPPED).flatMap((id) => ['--ignore-test', id]), '-'];
  const result = run(kubeScore, args, { input: rendered });
  const lines = `${result.stdout}`.split('\n').filter(Boolean);
  const critical = lines.filter((l) => l.startsWith('[CRITICAL]'));
  const warnings = lines.filter((l) => l.startsWith('[WARNING]'));
  for (const line of warnings) console.log(line);
  for (const [id, reason] of Object.entries(KUBE_SCORE_SKIPPED)) console.log(`skipped ${id}: ${reason}`);
  if (critical.length > 0 || (result.status !== 0 && result.status !== null && lines.length === 0)) {
    throw new Error(`kube-score found ${critical.length} critical:\n${critical.join('\n')}${result.stderr ? `\n${result.stderr}` : ''}`);
  }
  console.log(`kube-score: 0 critical, ${warnings.length} warnings, ${lines.filter((l) => l.startsWith('[OK]')).length} ok`);
});

await step('docker compose config (docker/compose.yaml)', async () => {
  const composeFile = path.join(ROOT, 'docker/compose.yaml');
  const env = { ...process.env };
  let command;
  let prefix;
  const dockerCli = run('docker', ['--version']);
  const native = dockerCli.status === 0 ? run('docker', ['compose', 'version']) : { status: 1 };
  if (native.status === 0) {
    command = 'docker';
    prefix = ['compose'];
    console.log(`using the machine's ${`${native.stdout}`.trim()}`);
  } else {
    // The docker CLI here has no compose plugin: install the one built from the Go module proxy as a CLI plugin
    // in a private DOCKER_CONFIG, so this still runs `docker compose config` (or the plugin binary alone without a docker CLI).
    const plugin = await ensureGoTool('compose');
    if (dockerCli.status === 0) {
      const dockerConfig = path.join(CACHE_DIR, 'docker-config');
      const pluginDir = path.join(dockerConfig, 'cli-plugins');
      mkdirSync(pluginDir, { recursive: true });
      const link = path.join(pluginDir, 'docker-compose');
      rmSync(link, { force: true });
      symlinkSync(plugin, link);
      env.DOCKER_CONFIG = dockerConfig;
      command = 'docker';
      prefix = ['compose'];
    } else {
      command = plugin;
      prefix = [];
    }
    console.log(`using docker compose ${mustPass('compose version', run(command, [...prefix, 'version', '--short'], { env }))} (plugin built from the Go module proxy)`);
  }
  mustPass('docker compose config', run(command, [...prefix, '-f', composeFile, 'config', '--quiet'], { env }));
  const services = mustPass('docker compose config --services', run(command, [...prefix, '-f', composeFile, 'config', '--services'], { env })).split('\n');
  const expected = ['kafka', 'postgres', 'redis', 'kafka-topics', 'gateway', 'catalog', 'stores', 'carts', 'comparisons', 'price-ingest', 'price-ingest-worker', 'alerts', 'mailpit', 'web'];
  const missing = expected.filter((s) => !services.includes(s));
  if (missing.length > 0) throw new Error(`compose file lacks services: ${missing.join(', ')}`);
  console.log(`valid; ${services.length} services: ${services.join(', ')}`);
});

console.log('\n── timings');
for (const [name, ms, status] of timings) console.log(`${status.padEnd(6)} ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length > 0) {
  console.error(`\nops:check failed:\n  - ${failures.join('\n  - ')}`);
  process.exit(1);
}
console.log('ops:check passed');

