#!/usr/bin/env bash
# Machine instructions per explored state of each bundled pack against those per presentation of
# the same states, counted by valgrind's callgrind on the release ExploreBenchmarks executable:
# exact figures a loaded machine does not blur. Each mode runs at 200 and 1,200 states; the
# difference divided by 1,000 leaves out setup (and, for presenting, generating the states). An
# explored state pays for generating it, checking it against the schema, presenting it, the
# host's promises and the pack's own; a pack with broken promises also pays for shrinking, so
# count packs that keep theirs.
#   Benchmarks/scripts/count-explore-instructions.sh [pack...]
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v valgrind >/dev/null; then
  echo "count-explore-instructions: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
LIVERULES_DEVELOPMENT=1 swift build -c release --product ExploreBenchmarks >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
objcopy --strip-debug .build/release/ExploreBenchmarks "$scratch/bench"
count() {  # mode, pack, states -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$scratch/bench" "$1" "$2" "$3" 2>&1 >/dev/null |
    awk '/Collected/ { print $4 }'
}
packs=("$@")
[ ${#packs[@]} -gt 0 ] || packs=(rules/meetings rules/match rules/delivery)
for pack in "${packs[@]}"; do
  explored=$(( ($(count explore "$pack" 1200) - $(count explore "$pack" 200)) / 1000 ))
  presented=$(( ($(count present "$pack" 1200) - $(count present "$pack" 200)) / 1000 ))
  printf '%s: %d instructions per explored state, %d per presentation: %s\n' "$pack" "$explored" "$presented" \
    "$(awk -v e="$explored" -v p="$presented" 'BEGIN { printf "%.2f", e / p }')"
done
