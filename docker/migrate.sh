#!/bin/sh
# Runs the schema migrations of the services named as arguments (default: all), one after another,
# then exits: each service's entry point with HINTAKORI_MIGRATE_ONLY=true migrates its own schema and stops.
set -eu
cd /app 2>/dev/null || cd "$(dirname "$0")/.."
services="${*:-catalog stores carts comparisons price-ingest alerts}"
for service in $services; do
  echo "migrations: $service"
  HINTAKORI_MIGRATE_ONLY=true RUN_MIGRATIONS=true node --enable-source-maps "dist/apps/$service/src/main.js"
done
echo "migrations: done ($services)"
