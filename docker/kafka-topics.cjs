// Creates every Kafka topic the system uses (auto-creation is off), from the compiled message contracts.
// Idempotent: existing topics are left alone. Used by docker/compose.yaml's kafka-topics job.
const { Kafka, logLevel } = require('kafkajs');
const { allKafkaTopics } = require('../dist/libs/platform/messaging/src/services.js');

async function main() {
  const brokers = (process.env.KAFKA_BROKERS || 'kafka:9092').split(',');
  const admin = new Kafka({ clientId: 'hintakori-topics', brokers, logLevel: logLevel.WARN, retry: { retries: 10 } }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = allKafkaTopics().filter((t) => !existing.has(t.topic));
    if (missing.length > 0) {
      await admin.createTopics({ topics: missing.map((t) => ({ ...t, replicationFactor: Number(process.env.KAFKA_REPLICATION_FACTOR || 1) })), waitForLeaders: true });
    }
    console.log(`kafka topics: ${missing.length} created, ${existing.size} already there`);
  } finally {
    await admin.disconnect();
  }
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
