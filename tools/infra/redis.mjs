#!/usr/bin/env node
// Redis (Debian `redis-server`, installed with apt-get when missing) for the distributed
// profile and integration tests.   Usage: node tools/infra/redis.mjs start|stop|restart|status|url
import { serverCli } from './internal/util.mjs';
import { REDIS_URL, startRedis, statusRedis, stopRedis } from './internal/redis.mjs';

serverCli({
  usage: 'usage: node tools/infra/redis.mjs start|stop|restart|status|url   (env REDIS_PORT, default 56379)',
  start: async () => (await startRedis()).url,
  stop: stopRedis,
  status: statusRedis,
  describe: (s) =>
    `redis: ${s.running ? (s.accepting ? `running (pid ${s.pid}), answers PING` : `running (pid ${s.pid}), NOT answering`) : s.installed ? 'stopped' : 'stopped (redis-server not installed yet)'}  ${s.url}  data=${s.dataDir}`,
  commands: { url: async () => console.log(REDIS_URL) },
});
