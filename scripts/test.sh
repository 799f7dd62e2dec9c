#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: static checks, unit and API
# tests (PGlite; PostgreSQL too when DATABASE_URL is set), then browser journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

# Lint and type check use one core each, so they run side by side; each one's output is
# shown when both are done, in order, and either failing stops the run.
echo "== lint + type check"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
(npx eslint . && npx knip) >"$logs/lint" 2>&1 & lint=$!
npx tsc -p tsconfig.json >"$logs/types" 2>&1 & types=$!
lint_status=0; wait "$lint" || lint_status=$?
types_status=0; wait "$types" || types_status=$?
cat "$logs/lint" "$logs/types"
if [ "$lint_status" -ne 0 ] || [ "$types_status" -ne 0 ]; then
  echo "lint exited $lint_status, type check exited $types_status" >&2
  exit 1
fi

echo "== build";       npm run --silent build
echo "== unit + API";  npx vitest run
echo "== browser";     npx playwright test
