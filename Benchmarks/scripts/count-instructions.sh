#!/usr/bin/env bash
# Instructions per evaluation of every measured path, counted by valgrind's callgrind: exact
# figures that a loaded machine does not blur. Each path runs twice with different counts; the
# difference leaves out setup and one-time costs.
#   Benchmarks/scripts/count-instructions.sh [path...]    (default: every path)
# The LuaBenchmarks paths (raw codable once raw-push codable-push tuned-push walk) run 10,000
# and 30,000 times. The presentation paths, on the meetings pack:
#   presentation   `liverules bench`, counted mode (Benchmarks/scripts/count-presentation-instructions.sh)
#   serving        the same in serving mode
#   engine         one RuleEngine fed the app's Codable types (ReloadBenchmarks profile)
#   test           `liverules test` on 1,000 generated fixtures (Benchmarks/scripts/count-test-instructions.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
. Benchmarks/scripts/release-build.sh

if ! command -v valgrind >/dev/null; then
  echo "count-instructions: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(raw codable once raw-push codable-push tuned-push walk presentation serving engine test)

release_build LuaBenchmarks ReloadBenchmarks liverules
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# valgrind cannot read the debug information of Swift binaries; symbols are enough.
objcopy --strip-debug .build/release/LuaBenchmarks "$scratch/LuaBenchmarks"
objcopy --strip-debug .build/release/ReloadBenchmarks "$scratch/ReloadBenchmarks"

count() {  # program, mode, path..., evaluations -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$scratch/$1" profile "${@:2}" 2>&1 |
    awk '/Collected/ { print $4 }'
}
for path in "${paths[@]}"; do
  case "$path" in
    presentation) Benchmarks/scripts/count-presentation-instructions.sh rules/meetings .build/release/liverules ;;
    serving) Benchmarks/scripts/count-presentation-instructions.sh --serving rules/meetings .build/release/liverules ;;
    test) Benchmarks/scripts/count-test-instructions.sh 1000 .build/release/liverules ;;
    engine)
      low=$(count ReloadBenchmarks 200)
      high=$(count ReloadBenchmarks 1200)
      printf '%-14s %8d instructions per presentation\n' "$path" $(( (high - low) / 1000 )) ;;
    *)
      low=$(count LuaBenchmarks "$path" 10000)
      high=$(count LuaBenchmarks "$path" 30000)
      printf '%-14s %8d instructions per evaluation\n' "$path" $(( (high - low) / 20000 )) ;;
  esac
done
