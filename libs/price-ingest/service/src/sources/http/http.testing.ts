/** Test support for PoliteHttp's users: a cache kept in a Map and a clock that moves only when the client sleeps. */
import type { CachedAnswer, HttpCacheStore } from './http-cache';

export class MapCache implements HttpCacheStore {
  readonly entries = new Map<string, CachedAnswer>();
  async get(key: string) {
    return this.entries.get(key) ?? null;
  }
  async put(key: string, entry: CachedAnswer) {
    this.entries.set(key, entry);
  }
}

/** A fake clock that only moves when the client sleeps, recording every wait. */
export function fakeTime(start = Date.UTC(2026, 0, 19, 6, 0, 0)) {
  const time = { now: start, waits: [] as number[] };
  return {
    time,
    now: () => time.now,
    sleep: async (ms: number) => {
      time.waits.push(ms);
      time.now += ms;
    },
  };
}
