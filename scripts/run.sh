#!/usr/bin/env bash
# Sets up what is missing, then checks every bundled pack in rules/ (manifest, schema, rules,
# fixtures, field ids) and shows one presentation as a table.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build --product liverules
.build/debug/liverules check rules
.build/debug/liverules eval rules/meetings rules/meetings/fixtures/combo-back-to-back-5-min.json --format text
