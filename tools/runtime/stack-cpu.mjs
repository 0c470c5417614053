// CPU time of the local distributed stack's processes, from /proc: used by `npm run bench:ingest` (CPU per round) and
// `npm run bench:idle` (CPU of a stack that has nothing to do).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readPid } from './lib.mjs';

/** The kernel's clock ticks per second (/proc's CPU times are in ticks). */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** The infrastructure's entries in stackCpu's answer; every other entry is an app of the stack. */
export const INFRA_PROCESSES = ['postgresql', 'kafka', 'redis'];

/**
 * CPU seconds (user + system) used so far by the stack's processes of the checkout at `root`: each app of
 * .data/stack/pids.json, PostgreSQL (the postmaster, its backends, and the backends that exited), the Kafka broker
 * and Redis, each with its descendants. Read at the start and the end of a period; the difference is the period's
 * CPU per process (cpuBetween).
 */
export function stackCpu(root) {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1] = ppid; [11], [12] = utime, stime; [13], [14] = cutime, cstime (waited-for children)
      stats.set(Number(entry), { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) });
    } catch {
      // the process ended between readdir and read
    }
  }
  const children = new Map();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = (top, withExited) => {
    let ticks = 0;
    const todo = [top];
    while (todo.length > 0) {
      const pid = todo.pop();
      const s = stats.get(pid);
      if (!s) continue;
      ticks += s.own + (withExited && pid === top ? s.children : 0);
      todo.push(...(children.get(pid) ?? []));
    }
    return ticks / CLOCK_TICKS;
  };
  const [postgresql, kafka, redis] = INFRA_PROCESSES;
  const roots = [
    [postgresql, readPid(path.join(root, '.data/pg-dist/postmaster.pid')), true],
    [kafka, readPid(path.join(root, '.data/kafka/kafka.pid')), false],
    [redis, readPid(path.join(root, '.data/redis/redis.pid')), false],
  ];
  const pidsFile = path.join(root, '.data/stack/pids.json');
  if (existsSync(pidsFile)) for (const child of JSON.parse(readFileSync(pidsFile, 'utf8'))) roots.push([child.name, child.pid, false]);
  const cpu = {};
  for (const [name, pid, withExited] of roots) if (Number.isInteger(pid)) cpu[name] = tree(pid, withExited);
  return cpu;
}

/** Each process's CPU seconds between two readings of stackCpu. */
export const cpuBetween = (before, after) => Object.fromEntries(Object.keys(after).map((name) => [name, after[name] - (before[name] ?? 0)]));
