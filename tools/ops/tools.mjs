#!/usr/bin/env node
// Installs (once, cached in ~/.cache/hintakori) the operator tools the checks and load tests use.
//   node tools/ops/tools.mjs                 helm, kubeconform, kube-score and the Kubernetes schemas
//   node tools/ops/tools.mjs k6 compose      specific tools (helm | kubeconform | kube-score | k6 | compose | mailpit | schemas)
// Prints each tool's path; exits non-zero with the build output when a build fails.
import { ensureGoTool, ensureKubernetesSchemas, GO_TOOLS } from './lib.mjs';

const wanted = process.argv.slice(2);
const list = wanted.length > 0 ? wanted : ['helm', 'kubeconform', 'kube-score', 'schemas'];
try {
  for (const name of list) {
    if (name === 'schemas') {
      const schemas = await ensureKubernetesSchemas();
      console.log(`schemas (${schemas.version}): ${schemas.dir}`);
    } else if (GO_TOOLS[name]) {
      console.log(`${name}: ${await ensureGoTool(name)}`);
    } else {
      throw new Error(`unknown tool "${name}" (helm, kubeconform, kube-score, k6, compose, mailpit, schemas)`);
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
