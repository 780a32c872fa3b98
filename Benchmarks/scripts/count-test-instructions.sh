#!/usr/bin/env bash
# Machine instructions per fixture of `liverules test` on generated fixtures, the whole process
# (start, discovery, presenting, comparing, the report), counted by valgrind's callgrind as CI
# runs it (CI=true): the pack of Benchmarks/scripts/generate-fixtures.py, its goldens recorded first. The
# deadline is set to a minute, since valgrind runs every instruction about fifty times slower.
#   Benchmarks/scripts/count-test-instructions.sh [fixtures (1000)] [liverules binary]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
count=${1:-1000}
binary=$(from_caller "${2:-}")
cd "$root"
name=count-test-instructions
. Benchmarks/scripts/callgrind-liverules.sh
python3 Benchmarks/scripts/generate-fixtures.py "$count" "$scratch"
# Recorded and accepted outside CI's rules (with CI set, neither writes a golden), whatever the caller's.
env -u CI "$scratch/liverules" test "$scratch/meetings" --record >/dev/null
env -u CI "$scratch/liverules" review "$scratch/meetings" --accept >/dev/null
CI=true "$scratch/liverules" test "$scratch/meetings" >/dev/null
total=$(CI=true instructions "$scratch/liverules" test "$scratch/meetings" --deadline 60000)
printf 'liverules test, %d fixtures: %d instructions in all, %d per fixture\n' "$count" "$total" $(( total / count ))
