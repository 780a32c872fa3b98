#!/usr/bin/env bash
# Sets up what is missing, installs `liverules` (a debug build, without the studio's web server:
# scripts/install.sh installs the whole CLI) in .build/install/bin, then checks
# every bundled pack in rules/ (manifest, schema, rules, fixtures, field ids), runs their golden
# tests with coverage, and shows one presentation, with the commands the README uses.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install.sh --debug --without-servers .build/install
export PATH="$PWD/.build/install/bin:$PATH"
set -x
liverules check rules
liverules test rules --coverage
liverules eval rules/meetings rules/meetings/fixtures/combo-back-to-back-5-min.json --format text
set +x
echo
echo "liverules is installed in .build/install/bin. To run the README's commands as typed, run this in the project folder:"
echo '  export PATH="$PWD/.build/install/bin:$PATH"'
echo "For the preview studio (liverules preview), install the whole CLI: scripts/install.sh"
