#!/usr/bin/env bash
# Sets up what is missing, then checks every bundled pack in rules/ (manifest, schema, rules,
# fixtures, field ids), runs their golden tests with coverage, and shows one presentation.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift build --product liverules
.build/debug/liverules check rules
.build/debug/liverules test rules --coverage
.build/debug/liverules eval rules/meetings rules/meetings/fixtures/combo-back-to-back-5-min.json --format text
