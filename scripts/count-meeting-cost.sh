#!/usr/bin/env bash
# Machine instructions each added meeting costs a serving presentation of the meetings pack:
# days of 1, 10 and 50 meetings (scripts/generate-day.py), counted with
# scripts/count-presentation-instructions.sh --serving, the cost per meeting taken between 10 and
# 50. Three times: with the same state presented again (an unchanged input is kept checked), with
# a state where one meeting changes at every presentation (two states in turn: the unchanged
# meetings are reused, the changed one is encoded and checked), and with a state where every
# meeting changes at every presentation (all of them encoded and checked each time).
#   scripts/count-meeting-cost.sh [liverules binary]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-}
if [ -z "$binary" ]; then
  swift build -c release --product liverules >/dev/null
  binary=.build/release/liverules
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for mode in --same --changing --every-changing; do
  declare -A counts=()
  for meetings in 1 10 50; do
    scripts/generate-day.py "$meetings" "$scratch/$meetings$mode" ${mode/--same/} >/dev/null
    counts[$meetings]=$(scripts/count-presentation-instructions.sh --serving "$scratch/$meetings$mode/meetings" "$binary" | awk '{ print $2 }')
  done
  case $mode in
    --same) label="same state" ;;
    --changing) label="one meeting changing" ;;
    *) label="every meeting changing" ;;
  esac
  printf '%s: 1 meeting %d, 10 meetings %d, 50 meetings %d instructions; %d per added meeting\n' \
    "$label" "${counts[1]}" "${counts[10]}" "${counts[50]}" $(( (counts[50] - counts[10]) / 40 ))
done
