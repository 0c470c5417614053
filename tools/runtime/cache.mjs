// The one cache of tools/: everything fetched or built once (Node, Kafka's jars and Maven's repository, helm, k6,
// Mailpit, kubeconform, schemathesis, the Kubernetes schemas) lives in ~/.cache/hintakori, or $HINTAKORI_CACHE
// ($XDG_CACHE_HOME/hintakori when that is set). Outside the clone, so a fresh clone (CI) finds it filled. Entries are
// keyed by version; concurrent users serialise on a lock per entry (withCacheLock in tools/runtime/lib.mjs).
// Plain ESM that loads on an old Node too (tools/runtime/node.mjs uses it before re-running under Node 24).
import { cpSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CACHE_DIR = process.env.HINTAKORI_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'hintakori');

/** The file of the lock on cache entry `name`. */
export const cacheLockFile = (name) => path.join(CACHE_DIR, 'locks', `${name}.lock`);

/** Where older versions kept Kafka's jars, Maven's repository and schemathesis: `.tools/` in the clone. */
const LEGACY_DIR = path.join(ROOT, '.tools');

/**
 * The path of cache entry `name` (a file or directory directly under the cache). When it is missing there and an
 * older version left it in the clone's `.tools/`, it is taken over: moved when `.tools` is the clone's own directory,
 * copied when `.tools` is a link shared with other checkouts (which may still use it). Call it holding the entry's
 * lock when others may fill the same entry.
 */
export function cacheEntry(name, { log = () => undefined } = {}) {
  const entry = path.join(CACHE_DIR, name);
  const legacy = path.join(LEGACY_DIR, name);
  if (existsSync(entry) || !existsSync(legacy)) return entry;
  mkdirSync(CACHE_DIR, { recursive: true });
  const shared = lstatSync(LEGACY_DIR).isSymbolicLink();
  log(`${shared ? 'copying' : 'moving'} ${path.relative(ROOT, legacy)} into ${entry} (the tools' one cache)`);
  if (shared) {
    const work = `${entry}.tmp-${process.pid}`;
    rmSync(work, { recursive: true, force: true });
    cpSync(legacy, work, { recursive: true, verbatimSymlinks: true });
    renameSync(work, entry);
  } else {
    try {
      renameSync(legacy, entry);
    } catch {
      // another file system: copy, then remove the old one
      cpSync(legacy, entry, { recursive: true, verbatimSymlinks: true });
      rmSync(legacy, { recursive: true, force: true });
    }
  }
  return entry;
}
