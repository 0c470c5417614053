#!/usr/bin/env node
// Apache Kafka 3.9.x, KRaft single node, jars from Maven Central (cached in ~/.cache/hintakori, tools/runtime/cache.mjs).
// Usage: node tools/infra/kafka.mjs start [extra-topic ...] | stop | restart | status | topics [extra-topic ...] | brokers | fetch
import { serverCli } from './internal/util.mjs';
import { KAFKA_BROKERS, ensureKafkaLibs, ensureKafkaTopics, startKafka, statusKafka, stopKafka } from './internal/kafka.mjs';

const USAGE = `usage: node tools/infra/kafka.mjs <command>
  start [topic ...]   download Kafka if needed, format storage once, start the broker, create topics
  stop                stop the broker
  restart             stop + start
  status              show state (exit 0 when the broker answers)
  topics [topic ...]  create the topics from KAFKA_TOPICS_FILE (default tools/infra/kafka-topics.json) + extra names
  brokers             print the bootstrap address (KAFKA_BROKERS)
  fetch               only download the jars into the tools' cache
env: KAFKA_PORT (59092), KAFKA_CONTROLLER_PORT (KAFKA_PORT+1), KAFKA_TOPICS_FILE, KAFKA_HEAP_OPTS, JAVA_HOME, MAVEN_REPO_LOCAL, HINTAKORI_CACHE`;

serverCli({
  usage: USAGE,
  start: async (topics) => (await startKafka({ extraTopics: topics })).brokers,
  stop: stopKafka,
  status: statusKafka,
  describe: (s) =>
    [
      ...(s.running && s.runningOnPort && s.runningOnPort !== s.port ? [`note: the running broker listens on ${s.runningOnPort} (KAFKA_PORT=${s.port} here)`] : []),
      `kafka ${s.version}: ${s.running ? (s.accepting ? `running (pid ${s.pid}), broker answers` : `running (pid ${s.pid}), broker NOT answering`) : 'stopped'}  ${s.brokers}  libs=${s.libsReady ? 'ready' : 'not downloaded'} storage=${s.formatted ? 'formatted' : 'not formatted'}  data=${s.dataDir}`,
    ].join('\n'),
  commands: {
    topics: (topics) => ensureKafkaTopics(topics),
    brokers: async () => console.log(KAFKA_BROKERS),
    fetch: async () => console.log(await ensureKafkaLibs()),
  },
});
