/**
 * Side-effect entry, imported first by register.ts (so before any other module of the app is compiled): turns on
 * Node's on-disk compile cache (module.enableCompileCache). A restarted process reuses the V8 code cache of the
 * ~1,400 modules a service loads instead of compiling them again. The directory is NODE_COMPILE_CACHE when set
 * (tools/stack.mjs: .data/stack/compile-cache), else <os.tmpdir()>/node-compile-cache (the pod's /tmp emptyDir, which
 * outlives a container restart); NODE_DISABLE_COMPILE_CACHE=1 turns it off. A failure to use the directory only
 * leaves the cache off: the process starts as before.
 */
import { enableCompileCache } from 'node:module';

try {
  enableCompileCache();
} catch {
  // an old Node or an unusable directory: start without the cache
}
