#!/usr/bin/env bash
# Instructions per evaluation of the LuaBenchmarks paths, counted by valgrind's callgrind: exact
# figures that a loaded machine does not blur. Each path runs 10,000 and 30,000 times; the
# difference divided by 20,000 leaves out setup and one-time costs.
#   scripts/count-instructions.sh [path...]    (default: every path)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v valgrind >/dev/null; then
  echo "count-instructions: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(raw codable once raw-push codable-push tuned-push walk)

swift build -c release --product LuaBenchmarks >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# valgrind cannot read the debug information of Swift binaries; symbols are enough.
objcopy --strip-debug .build/release/LuaBenchmarks "$scratch/LuaBenchmarks"

count() {  # path, evaluations -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$scratch/LuaBenchmarks" profile "$1" "$2" 2>&1 |
    awk '/Collected/ { print $4 }'
}
for path in "${paths[@]}"; do
  low=$(count "$path" 10000)
  high=$(count "$path" 30000)
  printf '%-14s %8d instructions per evaluation\n' "$path" $(( (high - low) / 20000 ))
done
