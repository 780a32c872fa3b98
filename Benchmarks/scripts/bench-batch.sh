#!/bin/sh
# Fan-out throughput against presenting, measured in one run on generated match-pack lines.
# Each round, `liverules bench --serving --states` presents the input's first 200 lines (its 200
# distinct matches) in turn on one thread: presentations/s; then `liverules payload --batch`
# reads, checks, presents, builds, validates and writes every line with 1 and 2 workers:
# activities/s and max RSS, and what an activity costs a worker in that round, in presentations:
# the presentation rate over the activity rate per worker. Last, the same from the best rate of
# each over the rounds (on a shared machine the least disturbed), and the median of the rounds'
# own ratios, whose two sides ran minutes apart at most: a machine whose speed drifts between
# rounds moves the best rates' ratio, as each best may come from a different round.
#
#   Benchmarks/scripts/bench-batch.sh [LINES] [PRESENTATIONS] [ROUNDS]    # default 100000, 20000, 3
#
# Uses $LIVERULES when set, else builds .build/release/liverules; $BATCH_LIVERULES, when set, is
# the build whose batch is measured against $LIVERULES's presentations (an older build, to compare
# batches on the same presentations). Needs GNU time (/usr/bin/time).
set -eu
. "$(dirname "$0")/../scripts/from-caller.sh"
LIVERULES=$(from_caller "${LIVERULES:-}")
BATCH_LIVERULES=$(from_caller "${BATCH_LIVERULES:-}")
cd "$root"
lines=${1:-100000}
presentations=${2:-20000}
rounds=${3:-3}
[ "$rounds" -ge 1 ] 2>/dev/null || { echo "bench-batch: ROUNDS must be a whole number of at least 1, not '$rounds'" >&2; exit 2; }
if [ -z "${LIVERULES:-}" ]; then
    . Benchmarks/scripts/release-build.sh
    release_build liverules
    LIVERULES=.build/release/liverules
fi
input=$(mktemp) && states=$(mktemp) && report=$(mktemp)
trap 'rm -f "$input" "$states" "$report"' EXIT
python3 Benchmarks/scripts/batch-lines.py "$lines" > "$input"
head -n 200 "$input" > "$states"
echo "$lines lines of rules/match ($(wc -c < "$input") bytes), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

best_presenting=0 best_one=0 best_two=0 ratios_one= ratios_two=
round=1
while [ "$round" -le "$rounds" ]; do
    presenting=$("$LIVERULES" bench rules/match --serving --states "$states" --iterations "$presentations" |
        sed -n 's/^presentations per second, one state *//p')
    line="round $round: $presenting presentations/s"
    best_presenting=$(( presenting > best_presenting ? presenting : best_presenting ))
    for workers in 1 2; do
        /usr/bin/time -v "${BATCH_LIVERULES:-$LIVERULES}" payload --batch rules/match "$input" --workers "$workers" > /dev/null 2> "$report"
        seconds=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$report" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
        rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$report")
        rate=$(awk -v n="$lines" -v s="$seconds" 'BEGIN { printf "%.0f", n / s }')
        line="$line; $workers worker(s): $rate activities/s ($seconds s, max RSS $(( rss / 1024 )) MiB)"
        ratio=$(awk -v p="$presenting" -v r="$rate" -v w="$workers" 'BEGIN { printf "%.2f", p / (r / w) }')
        if [ "$workers" = 1 ]; then
            best_one=$(( rate > best_one ? rate : best_one ))
            ratios_one="$ratios_one $ratio" ratio_one=$ratio
        else
            best_two=$(( rate > best_two ? rate : best_two ))
            ratios_two="$ratios_two $ratio" ratio_two=$ratio
        fi
    done
    echo "$line; activity / presentation $ratio_one with 1 worker, $ratio_two per worker with 2"
    round=$(( round + 1 ))
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v p="$best_presenting" -v one="$best_one" -v two="$best_two" 'BEGIN {
    printf "best: %d presentations/s, %d activities/s with 1 worker, %d with 2\n", p, one, two
    printf "activity / presentation, from the best rates: %.2f with 1 worker, %.2f per worker with 2\n", p / one, p / (two / 2)
}'
median() { echo "$@" | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "activity / presentation, median of the rounds: $(median $ratios_one) with 1 worker, $(median $ratios_two) per worker with 2"
