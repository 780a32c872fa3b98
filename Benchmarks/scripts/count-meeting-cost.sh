#!/usr/bin/env bash
# Machine instructions each added meeting costs a serving presentation of the meetings pack, on
# days of 1, 10 and 50 meetings, the cost per meeting taken between 10 and 50. Two ways in:
#   bench    `liverules bench --serving` on fixtures (Benchmarks/scripts/generate-day.py writes the days),
#            counted with Benchmarks/scripts/count-presentation-instructions.sh
#   engine   one RuleEngine fed the app's Codable types (`ReloadBenchmarks profile N <meetings>
#            <mode>`, the same days), 200 and 1,200 presentations, the difference over 1,000
# Each three times: the same state presented again (an unchanged input is kept checked), a state
# where one meeting changes at every presentation (two states in turn: the unchanged meetings are
# reused, the changed one is encoded and checked), and a state where every meeting changes at
# every presentation (all of them encoded and checked each time).
#   Benchmarks/scripts/count-meeting-cost.sh [liverules binary]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-}
name=count-meeting-cost
. Benchmarks/scripts/callgrind-liverules.sh
release_build ReloadBenchmarks
objcopy --strip-debug .build/release/ReloadBenchmarks "$scratch/ReloadBenchmarks"

engine() { instructions "$scratch/ReloadBenchmarks" profile "$@"; }  # presentations, meetings, mode -> instructions of the whole run
for way in bench engine; do
  for mode in same one every; do
    declare -A counts=()
    for meetings in 1 10 50; do
      if [ "$way" = bench ]; then
        option=(); [ "$mode" = one ] && option=(--changing); [ "$mode" = every ] && option=(--every-changing)
        Benchmarks/scripts/generate-day.py "$meetings" "$scratch/$meetings-$mode" ${option[@]+"${option[@]}"} >/dev/null
        counts[$meetings]=$(Benchmarks/scripts/count-presentation-instructions.sh --serving "$scratch/$meetings-$mode/meetings" "$binary" |
          awk '{ print $2 }')
      else
        counts[$meetings]=$(( ($(engine 1200 "$meetings" "$mode") - $(engine 200 "$meetings" "$mode")) / 1000 ))
      fi
    done
    case $mode in
      same) label="same state" ;;
      one) label="one meeting changing" ;;
      every) label="every meeting changing" ;;
    esac
    printf '%-6s %-22s 1 meeting %d, 10 meetings %d, 50 meetings %d instructions; %d per added meeting\n' \
      "$way" "$label" "${counts[1]}" "${counts[10]}" "${counts[50]}" $(( (counts[50] - counts[10]) / 40 ))
  done
done
