// Debian packages a step of the tools needs (podman, buildah, runc and debootstrap for the images; Chromium for the
// browser e2e): each is installed with apt-get when its command is missing, as `npm test` fetches everything else
// it needs itself, so a fresh machine needs nothing but the README's command. As root only; otherwise the error
// names the packages to install.
//   node tools/infra/apt.mjs images     installs what tools/images needs when missing
import { spawnSync } from 'node:child_process';

/** Whether `command` is on PATH. */
export function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The packages tools/images needs, keyed by the command each provides. */
export const IMAGE_TOOLS = { podman: 'podman', buildah: 'buildah', runc: 'runc', debootstrap: 'debootstrap' };

/**
 * Installs the Debian packages whose commands are missing (`packages`: command → package), one apt-get update and
 * one install for all of them; returns the packages it installed. Prints each step with its time.
 */
export function ensurePackages(packages, { log = (m) => process.stderr.write(`[apt] ${m}\n`), extra = [] } = {}) {
  const missing = [...new Set(Object.entries(packages).filter(([command]) => !hasCommand(command)).map(([, pkg]) => pkg))];
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')} and we are not root: run 'sudo apt-get install -y ${[...missing, ...extra].join(' ')}'`);
  if (!hasCommand('apt-get')) throw new Error(`missing ${missing.join(', ')} and apt-get is not available to install them`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', NEEDRESTART_MODE: 'a' };
  const apt = (args) => {
    const started = Date.now();
    log(`apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', ['-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status})`);
    log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  apt(['update']);
  apt(['install', '-y', '--no-install-recommends', ...missing, ...extra]);
  const still = Object.keys(packages).filter((command) => !hasCommand(command));
  if (still.length) throw new Error(`apt-get installed ${missing.join(', ')} but ${still.join(', ')} is still missing`);
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sets = { images: IMAGE_TOOLS };
  const which = process.argv[2];
  if (!sets[which]) {
    console.error(`usage: node tools/infra/apt.mjs ${Object.keys(sets).join('|')}`);
    process.exit(2);
  }
  try {
    const installed = ensurePackages(sets[which]);
    console.log(installed.length ? `installed ${installed.join(', ')}` : `${Object.keys(sets[which]).join(', ')}: present`);
  } catch (error) {
    console.error(`[apt] ${error.message}`);
    process.exit(1);
  }
}
