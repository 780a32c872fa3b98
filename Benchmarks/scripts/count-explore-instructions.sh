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
. "$(dirname "$0")/../scripts/from-caller.sh"
packs=()
for pack in "$@"; do packs+=("$(from_caller "$pack")"); done
cd "$root"
name=count-explore-instructions
product=ExploreBenchmarks
. Benchmarks/scripts/callgrind-liverules.sh
count() { instructions "$scratch/ExploreBenchmarks" "$@"; }  # mode, pack, states -> instructions of the whole run
[ ${#packs[@]} -gt 0 ] || packs=(rules/meetings rules/match rules/delivery)
for pack in "${packs[@]}"; do
  explored=$(per_item "$(count explore "$pack" "$low")" "$(count explore "$pack" "$high")")
  presented=$(per_item "$(count present "$pack" "$low")" "$(count present "$pack" "$high")")
  printf '%s: %d instructions per explored state, %d per presentation: %s\n' "$pack" "$explored" "$presented" \
    "$(awk -v e="$explored" -v p="$presented" 'BEGIN { printf "%.2f", e / p }')"
done
