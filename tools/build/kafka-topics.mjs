#!/usr/bin/env node
// Regenerates tools/infra/kafka-topics.json from the message contracts (run after build:node), with the
// partition counts of the configuration: KAFKA_PARTITIONS_RPC / KAFKA_PARTITIONS_PRICES / KAFKA_PARTITIONS_EVENTS
// (defaults and limits from libs/platform/config). The committed file holds the defaults; for other counts
// write elsewhere and point tools/infra at it:
//   KAFKA_PARTITIONS_PRICES=12 node tools/build/kafka-topics.mjs --out .data/kafka-topics.json
//   KAFKA_TOPICS_FILE=.data/kafka-topics.json node tools/infra/kafka.mjs topics
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const outIndex = process.argv.indexOf('--out');
const out = outIndex >= 0 ? path.resolve(process.argv[outIndex + 1] ?? '') : path.join(root, 'tools/infra/kafka-topics.json');
const dist = (file) => path.join(root, 'dist/libs', file);
if (!existsSync(dist('composition/src/index.js'))) {
  console.error('dist/ is missing: run node tools/build/build-node.mjs first');
  process.exit(1);
}
const { allKafkaTopics } = require(dist('composition/src/index.js'));
const { loadConfig, ConfigError } = require(dist('platform/config/src/index.js'));
let partitions;
try {
  // Only the partition settings matter here; the profile's connection settings are not needed.
  partitions = loadConfig({ ...process.env, HINTAKORI_PROFILE: 'standalone' }).kafkaPartitions;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const topics = allKafkaTopics(partitions);
writeFileSync(out, `${JSON.stringify(topics, null, 2)}\n`);
console.log(`${path.relative(process.cwd(), out) || out}: ${topics.length} topics (partitions: rpc ${partitions.rpc}, prices ${partitions.prices}, events ${partitions.events})`);
