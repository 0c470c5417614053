#!/usr/bin/env node
// Apache Kafka 3.9.x, KRaft single node, jars from Maven Central (cached in .tools/).
// Usage: node tools/infra/kafka.mjs start [extra-topic ...] | stop | restart | status | topics [extra-topic ...] | brokers | fetch
import { cliMain } from './internal/util.mjs';
import { KAFKA_BROKERS, ensureKafkaLibs, ensureKafkaTopics, startKafka, statusKafka, stopKafka } from './internal/kafka.mjs';

const USAGE = `usage: node tools/infra/kafka.mjs <command>
  start [topic ...]   download Kafka if needed, format storage once, start the broker, create topics
  stop                stop the broker
  restart             stop + start
  status              show state (exit 0 when the broker answers)
  topics [topic ...]  create the topics from KAFKA_TOPICS_FILE (default tools/infra/kafka-topics.json) + extra names
  brokers             print the bootstrap address (KAFKA_BROKERS)
  fetch               only download the jars into .tools/
env: KAFKA_PORT (59092), KAFKA_CONTROLLER_PORT (KAFKA_PORT+1), KAFKA_TOPICS_FILE, KAFKA_HEAP_OPTS, JAVA_HOME, MAVEN_REPO_LOCAL`;

cliMain(async ([cmd, ...rest]) => {
  switch (cmd) {
    case 'start':
      console.log((await startKafka({ extraTopics: rest })).brokers);
      return 0;
    case 'stop':
      await stopKafka();
      return 0;
    case 'restart':
      await stopKafka();
      console.log((await startKafka({ extraTopics: rest })).brokers);
      return 0;
    case 'status': {
      const s = await statusKafka();
      if (s.running && s.runningOnPort && s.runningOnPort !== s.port)
        console.log(`note: the running broker listens on ${s.runningOnPort} (KAFKA_PORT=${s.port} here)`);
      console.log(
        `kafka ${s.version}: ${s.running ? (s.accepting ? `running (pid ${s.pid}), broker answers` : `running (pid ${s.pid}), broker NOT answering`) : 'stopped'}  ${s.brokers}  libs=${s.libsReady ? 'ready' : 'not downloaded'} storage=${s.formatted ? 'formatted' : 'not formatted'}  data=${s.dataDir}`,
      );
      return s.running && s.accepting ? 0 : 3;
    }
    case 'topics':
      await ensureKafkaTopics(rest);
      return 0;
    case 'brokers':
      console.log(KAFKA_BROKERS);
      return 0;
    case 'fetch':
      console.log(await ensureKafkaLibs());
      return 0;
    default:
      console.error(USAGE);
      return 2;
  }
});
