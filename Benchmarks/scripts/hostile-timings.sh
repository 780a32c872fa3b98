#!/usr/bin/env bash
# Wall time of every hostile script under the default limits, release build: the figure behind
# "any rule ends within 100 ms". Run it on an idle machine; the slowest come first.
#   Benchmarks/scripts/hostile-timings.sh [how many of the slowest to show]
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/setup.sh
. Benchmarks/scripts/release-build.sh
release_build HostileBenchmarks
.build/release/HostileBenchmarks Tests/LuaTests/Resources/hostile "${1:-10}"
