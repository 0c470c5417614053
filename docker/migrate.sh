#!/bin/sh
# Runs the schema migrations of the services named as arguments (default: every service whose entry point is in this
# image: one, in an app's image), one after another, then exits: each service's entry point with
# HINTAKORI_MIGRATE_ONLY=true migrates its own schema and stops. The chart's migrations Job runs it in each service's
# image; tools/images/smoke.mjs does the same.
set -eu
cd /app 2>/dev/null || cd "$(dirname "$0")/.."
if [ "$#" -gt 0 ]; then
  services="$*"
else
  services=""
  for service in catalog stores carts comparisons price-ingest alerts; do
    [ -f "dist/apps/$service/src/main.js" ] && services="$services $service"
  done
fi
for service in $services; do
  echo "migrations: $service"
  HINTAKORI_MIGRATE_ONLY=true RUN_MIGRATIONS=true node --enable-source-maps "dist/apps/$service/src/main.js"
done
echo "migrations: done ($services )"
