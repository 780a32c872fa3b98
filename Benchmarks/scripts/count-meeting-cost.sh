#!/usr/bin/env bash
# Machine instructions each added meeting costs a serving presentation of the meetings pack, on
# days of 1, 10 and 50 meetings, the cost per meeting taken between 10 and 50, and the host's
# share of it: that cost less the plain-Lua baseline's on the same days. Three ways in:
#   bench    `liverules bench --serving` on fixtures (Benchmarks/scripts/generate-day.py writes the days),
#            counted with Benchmarks/scripts/count-presentation-instructions.sh
#   engine   one RuleEngine fed the app's Codable types (`ReloadBenchmarks profile N <meetings>
#            <mode>`, the same days), 200 and 1,200 presentations, the difference over 1,000
#   plain    Benchmarks/PlainLua/harness.lua on the same days, 200 and 1,200 presentations, after
#            Benchmarks/PlainLua/check.sh found it presenting each day as the host does (the
#            host's presentations are recorded as the day's goldens first)
# Each three times: the same state presented again (an unchanged input is kept checked), a state
# where one meeting changes at every presentation (two states in turn: the unchanged meetings are
# reused, the changed one is encoded and checked), and a state where every meeting changes at
# every presentation (all of them encoded and checked each time); or only the modes named.
#   Benchmarks/scripts/count-meeting-cost.sh [liverules binary] [same|one|every...]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
binary=$(from_caller "${1:-}")
modes=("${@:2}")
[ ${#modes[@]} -gt 0 ] || modes=(same one every)
for mode in "${modes[@]}"; do
  case $mode in
    same | one | every) ;;
    *) echo "count-meeting-cost: no mode '$mode' (same, one or every)" >&2; exit 2 ;;
  esac
done
cd "$root"
name=count-meeting-cost
. Benchmarks/scripts/callgrind-liverules.sh
stripped ReloadBenchmarks

engine() { instructions "$scratch/ReloadBenchmarks" profile "$@"; }  # presentations, meetings, mode -> instructions of the whole run
# A generated day's pack -> the baseline's instructions per presentation of it, once it presents
# the day as the host does (its goldens recorded by the host, then compared by check.sh).
plain() {
  env -u CI "$scratch/liverules" test "$1" --record >/dev/null
  env -u CI "$scratch/liverules" review "$1" --accept >/dev/null
  Benchmarks/PlainLua/check.sh "$1" >/dev/null
  python3 Benchmarks/PlainLua/fixtures.py "$1" > "$1.lua"
  local run=(lua5.4 Benchmarks/PlainLua/harness.lua Sources/LiveRules/Helpers "$1" "$1.lua")
  per_item "$(instructions "${run[@]}" "$low")" "$(instructions "${run[@]}" "$high")"
}
label() {
  case $1 in
    same) echo "same state" ;;
    one) echo "one meeting changing" ;;
    every) echo "every meeting changing" ;;
  esac
}
declare -A counts=()  # way-mode-meetings -> instructions per presentation
slope() { echo $(( (counts[$1-$2-50] - counts[$1-$2-10]) / 40 )); }  # way, mode -> per added meeting
for way in plain bench engine; do
  for mode in "${modes[@]}"; do
    for meetings in 1 10 50; do
      day="$scratch/$meetings-$mode/meetings"
      case $way in
        plain)
          option=(); [ "$mode" = one ] && option=(--changing); [ "$mode" = every ] && option=(--every-changing)
          Benchmarks/scripts/generate-day.py "$meetings" "$scratch/$meetings-$mode" ${option[@]+"${option[@]}"} >/dev/null
          count=$(plain "$day") ;;
        bench)
          count=$(Benchmarks/scripts/count-presentation-instructions.sh --serving "$day" "$binary" | awk '{ print $2 }') ;;
        engine)
          count=$(per_item "$(engine "$low" "$meetings" "$mode")" "$(engine "$high" "$meetings" "$mode")") ;;
      esac
      counts[$way-$mode-$meetings]=$count
    done
    share=""
    [ "$way" = plain ] || share="; the host's share $(( $(slope "$way" "$mode") - $(slope plain "$mode") ))"
    printf '%-6s %-22s 1 meeting %d, 10 meetings %d, 50 meetings %d instructions; %d per added meeting%s\n' \
      "$way" "$(label "$mode")" "${counts[$way-$mode-1]}" "${counts[$way-$mode-10]}" "${counts[$way-$mode-50]}" "$(slope "$way" "$mode")" "$share"
  done
done
