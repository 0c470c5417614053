#!/usr/bin/env node
// Enforces the Nx project boundaries from the tags in each project.json:
//   - apps never import apps; the web app never imports backend libs (only the browser-safe shared util library,
//     libs/shared/util: the data sources' names and licences shown beside prices), except the types of the
//     contracts libraries (`import type`: erased by the build, nothing added to the bundle);
//   - type:contracts depend on nothing of ours but the shared contract primitives (libs/shared/contracts);
//     type:util only on util/contracts;
//   - the platform (libs/platform/*) knows no service: it imports no service's contracts, no composition and no
//     service scope (the shared contract primitives name no service);
//   - scope:<service> may use its own scope and scope:shared; apps may compose anything but other apps
//     (the standalone host composes every service's feature lib).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { compilerOptions } = JSON.parse(readFileSync(path.join(root, 'tsconfig.base.json'), 'utf8'));

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const projects = walk(path.join(root, 'apps'))
  .concat(walk(path.join(root, 'libs')))
  .filter((f) => f.endsWith('project.json'))
  .map((file) => {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const tags = json.tags ?? [];
    return {
      name: json.name,
      root: path.dirname(file),
      scope: tags.find((t) => t.startsWith('scope:'))?.slice(6),
      type: tags.find((t) => t.startsWith('type:'))?.slice(5),
    };
  })
  .sort((a, b) => b.root.length - a.root.length);

const aliasToProject = new Map();
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  if (!alias.startsWith('@hintakori/')) continue;
  const abs = path.join(root, target);
  aliasToProject.set(alias, projects.find((p) => abs.startsWith(p.root + path.sep)));
}
const owner = (file) => projects.find((p) => file.startsWith(p.root + path.sep));

/** Whether the import whose specifier ends at `index` is `import type … from` or `export type … from` (erased by the build). */
function typeOnly(source, index) {
  const start = Math.max(source.lastIndexOf('import', index), source.lastIndexOf('export', index));
  return start >= 0 && /^(?:import|export)\s+type\s[^;]*$/.test(source.slice(start, index));
}

const problems = [];
for (const project of projects) {
  if (!project.scope || !project.type) problems.push(`${project.name}: project.json needs a scope:* and a type:* tag`);
}
const importRe = /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"]([^'"]+)['"]/g;
for (const file of walk(path.join(root, 'apps')).concat(walk(path.join(root, 'libs')))) {
  if (!/\.(ts|tsx)$/.test(file)) continue;
  const from = owner(file);
  if (!from) continue;
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(importRe)) {
    const spec = match[1];
    let to;
    if (spec.startsWith('@hintakori/')) to = aliasToProject.get(spec);
    else if (spec.startsWith('.')) to = owner(path.resolve(path.dirname(file), spec) + path.sep + 'x');
    else continue;
    if (!to || to === from) continue;
    const where = `${path.relative(root, file)} imports ${spec}`;
    if (to.type === 'app') problems.push(`${where}: apps are never imported`);
    else if (from.scope === 'web' && to.scope !== 'web' && to.name !== 'shared-util' && !(to.type === 'contracts' && typeOnly(source, match.index))) {
      problems.push(`${where}: the web app only uses web libs (and the contracts' types, with import type)`);
    }
    else if (from.type === 'contracts' && !(to.scope === 'shared' && to.type === 'contracts')) {
      problems.push(`${where}: contracts libs depend on nothing of ours but the shared contract primitives`);
    } else if (from.root.startsWith(path.join(root, 'libs/platform') + path.sep) && (to.scope !== 'shared' || to.type === 'composition')) {
      problems.push(`${where}: the platform knows no service (the composition hands it what it needs)`);
    }
    else if (from.type === 'util' && !['util', 'contracts'].includes(to.type)) problems.push(`${where}: util libs only use util and contracts libs`);
    else if (from.type !== 'app' && from.scope !== 'shared' && to.scope !== 'shared' && to.scope !== from.scope && to.type !== 'contracts') {
      problems.push(`${where}: scope:${from.scope} may not use scope:${to.scope}`);
    } else if (to.scope === 'web' && from.scope !== 'web') problems.push(`${where}: backend code never imports web code`);
  }
}
if (problems.length) {
  console.error(`Module boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`module boundaries: ${projects.length} projects checked, no violations`);
