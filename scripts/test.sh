#!/usr/bin/env bash
# Sets up what is missing, builds everything (failing on any warning in the project's own code)
# and runs the whole test suite, including every hostile script and the bundled rules' fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Sources|Tests|Benchmarks|Fuzz)/.*(warning|error):" "$log"; then
  echo "The build has warnings in the project's own code (above): fix them." >&2
  exit 1
fi
swift test --skip-build
