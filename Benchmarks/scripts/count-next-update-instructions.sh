#!/usr/bin/env bash
# Machine instructions to find a presentation's next update (Presenter.presentWithNextUpdate)
# against those of the presentation alone, at the same moments of each bundled pack's fixtures,
# counted by valgrind's callgrind on the release NextUpdateBenchmarks executable: exact figures
# a loaded machine does not blur. Each mode runs at 200 and 1,200 moments; the difference
# divided by 1,000 leaves out setup. The ratio is what the next update costs beyond the
# presentation, in presentations.
#   Benchmarks/scripts/count-next-update-instructions.sh [pack...]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
packs=()
for pack in "$@"; do packs+=("$(from_caller "$pack")"); done
cd "$root"
name=count-next-update-instructions
product=NextUpdateBenchmarks
. Benchmarks/scripts/callgrind-liverules.sh
count() { instructions "$scratch/NextUpdateBenchmarks" "$@"; }  # mode, pack, moments -> instructions of the whole run
[ ${#packs[@]} -gt 0 ] || packs=(rules/meetings rules/match rules/delivery)
for pack in "${packs[@]}"; do
  both=$(per_item "$(count next "$pack" "$low")" "$(count next "$pack" "$high")")
  presented=$(per_item "$(count present "$pack" "$low")" "$(count present "$pack" "$high")")
  printf '%s: %d instructions per presentation, %d more for its next update: %s presentations\n' "$pack" "$presented" \
    "$((both - presented))" "$(awk -v b="$both" -v p="$presented" 'BEGIN { printf "%.2f", (b - p) / p }')"
done
