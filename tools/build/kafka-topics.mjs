#!/usr/bin/env node
// Regenerates tools/infra/kafka-topics.json from the message contracts (run after build:node).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { allKafkaTopics } = require(path.join(root, 'dist/libs/platform/messaging/src/services.js'));
const topics = allKafkaTopics();
writeFileSync(path.join(root, 'tools/infra/kafka-topics.json'), `${JSON.stringify(topics, null, 2)}\n`);
console.log(`kafka-topics.json: ${topics.length} topics`);
