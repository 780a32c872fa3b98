#!/bin/sh
# Fan-out throughput: `liverules payload --batch` on generated match-pack lines, with 1 and 2
# workers; prints activities per second and the peak memory (max RSS) of each run.
#
#   scripts/bench-batch.sh [LINES]        # default 100000
#
# Uses $LIVERULES when set, else builds .build/release/liverules. Needs GNU time (/usr/bin/time).
set -eu
cd "$(dirname "$0")/.."
lines=${1:-100000}
if [ -z "${LIVERULES:-}" ]; then
    swift build -c release --product liverules >/dev/null
    LIVERULES=.build/release/liverules
fi
input=$(mktemp) && report=$(mktemp)
trap 'rm -f "$input" "$report"' EXIT
python3 scripts/batch-lines.py "$lines" > "$input"
echo "$lines lines of rules/match ($(wc -c < "$input") bytes), $(nproc) cores"
for workers in 1 2; do
    /usr/bin/time -v "$LIVERULES" payload --batch rules/match "$input" --workers "$workers" > /dev/null 2> "$report"
    seconds=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$report" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$report")
    awk -v n="$lines" -v s="$seconds" -v w="$workers" -v r="$rss" \
        'BEGIN { printf "workers %d: %.2f s, %.0f activities/s, max RSS %.1f MiB\n", w, s, n / s, r / 1024 }'
done
