#!/usr/bin/env bash
# The headline figures of Benchmarks/README.md, measured side by side in one run on one build:
# presenting against the plain-Lua baseline (instructions and CPU time), each pack's presentation
# counted and serving, an explored state and a next update against a presentation, a batch's
# activity against a presentation, and `serve` against the same work in process. Prints the date,
# the commit and each command before its output. Instruction counts (callgrind) do not move with
# the load; the CPU and wall-clock figures do, so run it on a quiet machine. About 20 minutes.
#   Benchmarks/scripts/measure-all.sh > measured.txt
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "measure-all: valgrind is missing (Debian: apt-get install valgrind)" >&2; exit 1; }
. Benchmarks/scripts/release-build.sh
release_build liverules ExploreBenchmarks NextUpdateBenchmarks
binary=.build/release/liverules
commit=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit (with uncommitted changes)"
echo "measured $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
run() {  # command... : prints it, then its output
  echo
  echo "\$ $*"
  "$@"
}
run Benchmarks/PlainLua/compare.sh rules/meetings "$binary"
for pack in rules/match rules/delivery; do
  run Benchmarks/scripts/count-presentation-instructions.sh "$pack" "$binary"
  run Benchmarks/scripts/count-presentation-instructions.sh --serving "$pack" "$binary"
done
run Benchmarks/scripts/count-explore-instructions.sh
run Benchmarks/scripts/count-next-update-instructions.sh
run Benchmarks/scripts/count-batch-instructions.sh "$binary"
run Benchmarks/scripts/count-serve-instructions.sh rules/meetings "$binary"
LIVERULES=$binary run Benchmarks/scripts/bench-batch.sh 40000 10000 3
LIVERULES=$binary run Benchmarks/scripts/bench-serve.sh rules/meetings 10 16
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
