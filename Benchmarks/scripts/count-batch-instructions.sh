#!/usr/bin/env bash
# Machine instructions per activity of `liverules payload --batch rules/match` (one worker, the
# whole process: reading, checking, presenting, building, validating, writing) against those per
# presentation of the same activities (`bench --serving --states`), counted by valgrind's
# callgrind: exact figures a loaded machine does not blur. Each runs on 200 and 1,200 of the lines
# of Benchmarks/scripts/batch-lines.py (the presentations on its 200 distinct matches, in turn); the
# difference divided by 1,000 leaves out setup. Beside them, the L2 misses of each in callgrind's
# cache model of one core (callgrind-liverules.sh), which the instructions leave out of the time.
# A second binary, when given, is the build whose batch is counted (an older build, against the
# first one's presentations).
#   Benchmarks/scripts/count-batch-instructions.sh [liverules binary] [batch binary]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
binary=$(from_caller "${1:-}")
batch=$(from_caller "${2:-}")
cd "$root"
name=count-batch-instructions
. Benchmarks/scripts/callgrind-liverules.sh
batcher=$scratch/liverules
if [ -n "$batch" ]; then
  stripped batcher "$batch"
  batcher=$scratch/batcher
fi
python3 Benchmarks/scripts/batch-lines.py "$high" > "$scratch/lines"
head -n "$low" "$scratch/lines" > "$scratch/states"
batching() { counted "$scratch/out" "$batcher" payload --batch rules/match "$1" --workers 1; }
read -r batch batchCode batchData <<< "$(per_items "$(batching "$scratch/states")" "$(batching "$scratch/lines")")"
presenting() { counted "$scratch/out" "$scratch/liverules" bench rules/match --serving --states "$scratch/states" --iterations "$1" --deadline 60000; }
read -r presentation presentationCode presentationData <<< "$(per_items "$(presenting "$low")" "$(presenting "$high")")"
# a / p to two places; "no ratio" when p is 0 (with a 2 MiB L2, a presentation misses nothing).
ratio() { awk -v a="$1" -v p="$2" 'BEGIN { if (p == 0) printf "no ratio"; else printf "%.2f", a / p }'; }
printf 'rules/match: %d instructions per activity, %d per presentation: %s\n' "$batch" "$presentation" "$(ratio "$batch" "$presentation")"
printf 'rules/match: %d L2 misses per activity (code %d, data %d), %d per presentation (code %d, data %d): %s\n' \
  $((batchCode + batchData)) "$batchCode" "$batchData" $((presentationCode + presentationData)) "$presentationCode" "$presentationData" \
  "$(ratio $((batchCode + batchData)) $((presentationCode + presentationData)))"
