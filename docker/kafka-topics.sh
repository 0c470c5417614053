#!/bin/sh
# Creates every Kafka topic the system uses (auto-creation is off) from tools/infra/kafka-topics.json (generated from
# the message contracts by tools/build/kafka-topics.mjs), with the Kafka image's own CLI, so it does not depend on
# the apps' Kafka client. Idempotent (--if-not-exists). Used by docker/compose.yaml's kafka-topics job.
set -eu
file="${1:-/etc/hintakori/kafka-topics.json}"
bootstrap="${KAFKA_BOOTSTRAP:-kafka:9092}"
topic=""
count=0
while IFS= read -r line; do
  case "$line" in
    *'"topic"'*) topic=$(printf '%s' "$line" | sed -E 's/.*"topic": *"([^"]+)".*/\1/') ;;
    *'"numPartitions"'*)
      partitions=$(printf '%s' "$line" | sed -E 's/.*"numPartitions": *([0-9]+).*/\1/')
      /opt/kafka/bin/kafka-topics.sh --bootstrap-server "$bootstrap" --create --if-not-exists --topic "$topic" \
        --partitions "$partitions" --replication-factor "${KAFKA_REPLICATION_FACTOR:-1}" >/dev/null
      count=$((count + 1))
      ;;
  esac
done < "$file"
echo "kafka topics: $count present"
