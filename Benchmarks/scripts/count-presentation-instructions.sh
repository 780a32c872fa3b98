#!/usr/bin/env bash
# Machine instructions per presentation of a pack, counted by valgrind's callgrind on the release
# CLI's `bench`: exact figures a loaded machine does not blur. Runs bench with 200 and 1,200
# timed presentations; the difference divided by 1,000 leaves out setup and the metered pass.
# The deadline stays armed (its bookkeeping is part of every call) but is set to a minute, since
# valgrind runs every instruction about fifty times slower. With --serving, presentations run as
# a server runs them (no count hook; see "Two budget modes" in the manual's SandboxAndBudgets article).
#   Benchmarks/scripts/count-presentation-instructions.sh [--serving] [pack] [liverules binary]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
mode=()
if [ "${1:-}" = --serving ]; then mode=(--serving); shift; fi
pack=$(from_caller "${1:-}" rules/meetings)
binary=$(from_caller "${2:-}")
cd "$root"
name=count-presentation-instructions
. Benchmarks/scripts/callgrind-liverules.sh
count() {  # presentations -> instructions of the whole run
  instructions "$scratch/liverules" bench "$pack" --iterations "$1" --deadline 60000 ${mode[@]+"${mode[@]}"}
}
printf '%s: %d instructions per presentation\n' "$pack" "$(per_item "$(count "$low")" "$(count "$high")")"
