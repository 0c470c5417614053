// PostgreSQL for the test databases, a real Kafka broker with every topic created, and Redis (BullMQ's
// queue in the distributed profile, used by the ingest pipeline's crash/replay test).
const intSetup = require('./int-global-setup');

module.exports = async function globalSetup() {
  process.env.TEST_PG_PORT ??= '55434';
  await intSetup();
  const infra = await import('../infra/lib.mjs');
  await infra.startKafka({ log: (line) => process.stderr.write(`[kafka] ${line}\n`) });
  await infra.ensureKafkaTopics([], { log: () => undefined });
  await infra.startRedis({ log: (line) => process.stderr.write(`[redis] ${line}\n`) });
  process.env.REDIS_URL ??= infra.REDIS_URL;
  process.env.KAFKA_BROKERS = infra.KAFKA_BROKERS;
};
