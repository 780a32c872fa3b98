#!/usr/bin/env bash
# Sets up what is missing, then evaluates the bundled rules in rules/ on their fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
swift run liverules demo rules
