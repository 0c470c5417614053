#!/usr/bin/env bash
# The full test suite (README's test command, also run by .ci/run):
# static checks, unit tests, integration tests on real PostgreSQL, message contracts over both
# transports (in-process and real Kafka), API e2e on both profiles,
# the API contract (schemathesis),
# web unit and browser e2e, ops checks, a k6 smoke, the images (built and run) and the short chaos pass.
set -euo pipefail
cd "$(dirname "$0")/../.."

started=$(date +%s)
# Each step's header says how long the run has taken so far, so a slow step shows in CI's output.
step() { printf '\n\033[1m== %s ==\033[0m (at %d s)\n' "$*" "$(( $(date +%s) - started ))"; }
# Keep a copy of everything printed, to total the test counts of every runner at the end.
mkdir -p .data
summary_log=.data/test-run.log
exec > >(tee "$summary_log") 2>&1

# Node of .nvmrc (fetched into ~/.cache/hintakori when the machine's is older) first on PATH for every step below.
node_env="$(node tools/runtime/node.mjs --env)"; eval "$node_env"
echo "node $(node --version), npm $(npm --version)"
if [ ! -f node_modules/.package-lock.json ]; then step "install"; npm install --no-audit --no-fund; fi

# The registry reachable here answers 405 to npm's audit endpoint, so the audit gate is opt-in (AUDIT=true) where
# the public registry is reachable.
if [ "${AUDIT:-false}" = "true" ]; then step "dependency audit (npm audit --omit=dev: no high or critical advisory)"; node tools/test/audit.mjs; fi
step "typecheck"; npx tsc -p tsconfig.json --noEmit
# The web app has its own compiler settings (DOM, JSX, bundler resolution); the bundler strips types without checking them.
step "web typecheck"; npx tsc -p apps/web/tsconfig.json --noEmit
step "lint"; npm run --silent lint
step "build"; node tools/build/build-node.mjs
step "unit tests"; npx jest -c jest.config.js --ci
if [ -f apps/web/jest.config.js ]; then step "web unit tests"; npx jest -c apps/web/jest.config.js --ci; fi
# Mailpit, the real SMTP server of the alerts integration tests and the price-alert e-mail e2e: built once from the
# Go module proxy into ~/.cache/hintakori (about 6 min on a loaded 2-core machine; instant when cached).
step "Mailpit (SMTP for the alerts tests)"; timeout 1200 node tools/ops/tools.mjs mailpit
step "integration tests (real PostgreSQL)"; npx jest -c jest.int.config.js --ci --runInBand
step "message contracts, ingest pipeline and tracing (real Kafka, PostgreSQL, Redis)"; npx jest -c jest.contracts.config.js --ci --runInBand
if [ -f apps/web/vite.config.ts ]; then step "web build"; npx vite build --config apps/web/vite.config.ts; fi
step "browser extension (typecheck, build, web-ext lint)"; npx tsc -p apps/extension/tsconfig.json --noEmit && node tools/build/build-extension.mjs && npx web-ext lint --source-dir dist/extension/firefox --warnings-as-errors
step "API e2e (standalone and distributed)"; node tools/test/e2e.mjs both
# The schemathesis gate (every check, every phase, the stateful one following the document's links) against its own
# standalone (port 3460, PostgreSQL 54460, Mailpit 1460/8460 for the alert tokens). Its step stays within 5 minutes:
# a boot of up to a minute, schemathesis' own budget (API_CONTRACT_MAX_TIME, 120 s here) and the admin sign-in, the
# three alert subscriptions (about a second) and the shutdown around them.
# A backup taken while the site runs, restored into a fresh data directory, answers as before (about a minute).
step "restore drill (db:backup of a filled standalone, db:restore into a fresh PostgreSQL, the same answers)"; node tools/test/restore-drill.mjs
step "API contract (schemathesis: all checks, stateful phase, against the standalone)"; API_CONTRACT_MAX_TIME="${API_CONTRACT_MAX_TIME:-120}" node tools/test/api-contract.mjs
# Browser e2e in Debian's Chromium (installed by tools/infra/chromium.mjs when missing), with the built extension
# loaded for apps/web-e2e/src/extension.e2e.test.mjs; WEB_E2E=false skips it.
if [ "${WEB_E2E:-true}" = "true" ]; then step "browser e2e (Chromium)"; node apps/web-e2e/run.mjs; fi

step "ops checks (helm lint, kubeconform on Kubernetes 1.30/1.34 schemas, kube-score on the prod values, docker compose config)"; npm run --silent ops:check
step "load smoke (k6 comparisons scenario on the distributed stack)"; npm run --silent load:comparisons -- --smoke
# The images (docs/operations.md): one per app, built by podman on the project's own base image (Debian minbase +
# the Node of .nvmrc; made once, about 8 min), layers cached in podman's storage outside the clone; then the
# distributed profile from them with the API e2e suite against the gateway container. IMAGES=false skips both.
if [ "${IMAGES:-true}" = "true" ]; then
  step "images (build every app's image)"; timeout 3000 node tools/images/build.mjs
  step "images smoke (every app from its image under podman, API e2e against it)"; timeout 1500 node tools/images/smoke.mjs
  # The chart's pods: helm template with deploy/values-dev.yaml, played by podman kube play (Deployments, ConfigMap,
  # Secrets, the migrations Job as a Pod) from those images, each pod's readinessProbe, then the API e2e (2.5-4 min).
  step "images pods (the chart's rendered pods under podman kube play, readiness probes, API e2e against them)"; timeout 1200 node tools/images/pods.mjs
fi
# Last: it kills and restarts Kafka, PostgreSQL and Redis (docs/reliability.md); about 4 minutes. CHAOS=false skips it.
if [ "${CHAOS:-true}" = "true" ]; then step "chaos, short pass (each fault once on the distributed stack)"; PORT=3330 STACK_PORT_BASE=3330 node tools/chaos/run.mjs --short; fi

step "all tests passed in $(( $(date +%s) - started )) s"
# One closing line over all runners: jest's "Tests: … N passed" lines and node:test's "# pass N" / "# fail N"
# (or "ℹ pass N" / "ℹ fail N").
node -e '
const text = require("fs").readFileSync(process.argv[1], "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0, failed = 0;
for (const m of text.matchAll(/^Tests:\s+(.*)$/gm)) {
  passed += Number(/(\d+) passed/.exec(m[1])?.[1] ?? 0);
  failed += Number(/(\d+) failed/.exec(m[1])?.[1] ?? 0);
}
// node:test prints "# pass N" with the TAP reporter and "ℹ pass N" with the spec reporter (the browser e2e).
for (const m of text.matchAll(/^(?:#|ℹ) pass (\d+)$/gm)) passed += Number(m[1]);
for (const m of text.matchAll(/^(?:#|ℹ) fail (\d+)$/gm)) failed += Number(m[1]);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
' "$summary_log"
