#!/usr/bin/env bash
# The host against the plain-Lua baseline, side by side in one run: machine instructions per
# presentation by callgrind (200 and 1,200 presentations, the difference divided by 1,000, so
# setup is left out) and CPU time per presentation (the whole process's user and system time at
# 2,000 and 12,000 presentations, the difference divided by 10,000), for the host counted, the host serving and
# `lua5.4 harness.lua`, with each host figure's ratio to the baseline. First checks that the
# baseline's presentations equal the pack's goldens, so both run the same work.
#   Benchmarks/PlainLua/compare.sh [pack] [liverules binary]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
pack=$(from_caller "${1:-}" rules/meetings)
binary=$(from_caller "${2:-}")
cd "$root"
for tool in lua5.4 python3; do
  command -v "$tool" >/dev/null || { echo "compare: $tool is missing" >&2; exit 1; }
done
name=compare
. Benchmarks/scripts/callgrind-liverules.sh
here=Benchmarks/PlainLua
helpers=Sources/LiveRules/Helpers
Benchmarks/PlainLua/check.sh "$pack"
python3 "$here/fixtures.py" "$pack" > "$scratch/fixtures.lua"

per() {  # command..., with @N@ for the count -> instructions per presentation
  per_item "$(instructions "${@//@N@/$low}")" "$(instructions "${@//@N@/$high}")"
}
plain=$(per lua5.4 "$here/harness.lua" "$helpers" "$pack" "$scratch/fixtures.lua" @N@)
counted=$(per "$scratch/liverules" bench "$pack" --iterations @N@ --deadline 60000)
serving=$(per "$scratch/liverules" bench "$pack" --iterations @N@ --deadline 60000 --serving)

cpu() {  # command... -> CPU seconds (user + system) of the whole run
  local TIMEFORMAT='%U %S'
  { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1 + $2 }'
}
micro() {  # command..., with @N@ for the count -> CPU µs per presentation, setup left out
  local atLow atHigh
  atLow=$(cpu "${@//@N@/$((low * 10))}")
  atHigh=$(cpu "${@//@N@/$((high * 10))}")
  awk -v a="$atLow" -v b="$atHigh" -v n="$(( (high - low) * 10 ))" 'BEGIN { printf "%.1f", (b - a) * 1e6 / n }'
}
time_plain=$(micro lua5.4 "$here/harness.lua" "$helpers" "$pack" "$scratch/fixtures.lua" @N@)
time_counted=$(micro "$scratch/liverules" bench "$pack" --iterations @N@)
time_serving=$(micro "$scratch/liverules" bench "$pack" --iterations @N@ --serving)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '%s: its fixtures in turn, the baseline equal to the goldens\n' "$pack"
printf '%-24s %14s %8s %12s %8s\n' "" "instructions" "ratio" "CPU µs" "ratio"
printf '%-24s %14d %8s %12s %8s\n' "plain lua5.4 (baseline)" "$plain" "1.00" "$time_plain" "1.00"
printf '%-24s %14d %8s %12s %8s\n' "host, counted" "$counted" "$(ratio "$counted" "$plain")" "$time_counted" "$(ratio "$time_counted" "$time_plain")"
printf '%-24s %14d %8s %12s %8s\n' "host, serving" "$serving" "$(ratio "$serving" "$plain")" "$time_serving" "$(ratio "$time_serving" "$time_plain")"
