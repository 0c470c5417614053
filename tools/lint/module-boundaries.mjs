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
//     (the standalone host composes every service's feature lib);
//   - inside the web app, features are slices over a named kit: a file in apps/web/src/features/<a>/ never imports
//     apps/web/src/features/<b>/ (relative or through an alias), the kit (apps/web/src/kit/) imports no feature, and
//     neither imports the composition root (an apps/web/src/app/ module that imports features: routes, the shell);
//     features/ holds only feature folders.
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

const webSrc = path.join(root, 'apps/web/src');
const webFeatures = path.join(webSrc, 'features');
const webKit = path.join(webSrc, 'kit');
const webApp = path.join(webSrc, 'app');
const webAliases = Object.entries(JSON.parse(readFileSync(path.join(root, 'apps/web/tsconfig.json'), 'utf8')).compilerOptions.paths ?? {})
  .map(([alias, [target]]) => [alias, path.resolve(root, 'apps/web', target)]);
const inside = (file, dir) => file.startsWith(dir + path.sep);
/** The feature folder a file of apps/web/src/features/ belongs to ('' for a file directly in features/), or null. */
const featureOf = (file) => (inside(file, webFeatures) ? (path.relative(webFeatures, file).split(path.sep).slice(0, -1)[0] ?? '') : null);
/** Where a web specifier points (a path inside apps/web/src without extension), or null for packages and libs. */
function webTarget(file, spec) {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  for (const [alias, target] of webAliases) {
    if (alias.endsWith('/*') ? spec.startsWith(alias.slice(0, -1)) : spec === alias) {
      const resolved = alias.endsWith('/*') ? path.join(target.slice(0, -1), spec.slice(alias.length - 1)) : target;
      return inside(resolved, webSrc) ? resolved : null;
    }
  }
  return null;
}
/** The web app's imports: [file, specifier, target] for each that points into apps/web/src. */
const webImports = [];

const problems = [];
for (const project of projects) {
  if (!project.scope || !project.type) problems.push(`${project.name}: project.json needs a scope:* and a type:* tag`);
}
const importRe = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|jest\.(?:mock|doMock|requireActual)\s*\(\s*)['"]([^'"]+)['"]/g;
for (const file of walk(path.join(root, 'apps')).concat(walk(path.join(root, 'libs')))) {
  if (!/\.(ts|tsx)$/.test(file)) continue;
  const from = owner(file);
  if (!from) continue;
  if (featureOf(file) === '') {
    problems.push(`${path.relative(root, file)}: apps/web/src/features/ holds only feature folders (a test across features belongs in app/)`);
  }
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(importRe)) {
    const spec = match[1];
    if (inside(file, webSrc)) {
      const target = webTarget(file, spec);
      if (target) webImports.push([file, spec, target]);
    }
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
// Web features are slices over the kit (docs/architecture.md, "The web app").
const webModule = (target) => target.replace(/\.(tsx?)$/, '').replace(/\/index$/, '');
const composition = new Set(
  webImports.filter(([file, , target]) => inside(file, webApp) && inside(target, webFeatures)).map(([file]) => webModule(file)),
);
for (const [file, spec, target] of webImports) {
  const where = `${path.relative(root, file)} imports ${spec}`;
  const from = featureOf(file);
  const to = featureOf(target);
  if (from !== null && to !== null && to !== from) {
    problems.push(`${where}: a web feature never imports another feature (what several features use belongs in apps/web/src/kit/)`);
  } else if (inside(file, webKit) && to !== null) problems.push(`${where}: the web kit imports no feature`);
  else if ((from !== null || inside(file, webKit)) && composition.has(webModule(target))) {
    problems.push(`${where}: features and the kit never import the composition root (app/ modules that import features)`);
  }
}
if (problems.length) {
  console.error(`Module boundary violations (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`module boundaries: ${projects.length} projects checked, no violations`);
