#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: static checks, unit and API
# tests (PGlite; PostgreSQL too when DATABASE_URL is set), then browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== lint";        npx eslint . && npx knip
echo "== type check";  npx tsc -p tsconfig.json
echo "== build";       npm run --silent build
echo "== unit + API";  npx vitest run
echo "== browser";     npx playwright test
