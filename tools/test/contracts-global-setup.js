// PostgreSQL for the test databases plus a real Kafka broker with every topic created.
const intSetup = require('./int-global-setup');

module.exports = async function globalSetup() {
  process.env.TEST_PG_PORT ??= '55434';
  await intSetup();
  const infra = await import('../infra/lib.mjs');
  await infra.startKafka({ log: (line) => process.stderr.write(`[kafka] ${line}\n`) });
  await infra.ensureKafkaTopics([], { log: () => undefined });
  process.env.KAFKA_BROKERS = infra.KAFKA_BROKERS;
};
