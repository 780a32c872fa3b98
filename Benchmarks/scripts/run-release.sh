#!/bin/sh
# Runs one benchmark executable of the package, built as every benchmark script builds
# (release-build.sh) together with the CLI, which some of them run. It runs in the package root,
# where the benchmarks find rules/ and Tests/, so a path among the arguments is read from there:
#   Benchmarks/scripts/run-release.sh PRODUCT [ARGUMENT...]
set -eu
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: Benchmarks/scripts/run-release.sh PRODUCT [ARGUMENT...]" >&2; exit 2; }
product=$1
shift
. Benchmarks/scripts/release-build.sh
release_build "$product" liverules
exec ".build/release/$product" "$@"
