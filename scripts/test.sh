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

# API documentation: DocC builds each library module's docs with warnings as errors (archives in
# .build/plugins/Swift-DocC/outputs/), then every public symbol must have a doc comment.
docs_ok=true
for target in Lua LiveRules LiveRulesExamples; do
  swift package generate-documentation --target "$target" --warnings-as-errors || docs_ok=false
done
./scripts/doc-coverage.py || docs_ok=false
if [ "$docs_ok" != true ]; then
  echo "The API documentation has problems (above): fix them." >&2
  exit 1
fi
