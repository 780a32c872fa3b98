#!/usr/bin/env bash
# Instructions per evaluation of every measured path, counted by valgrind's callgrind: exact
# figures that a loaded machine does not blur. Each path runs twice with different counts; the
# difference leaves out setup and one-time costs.
#   Benchmarks/scripts/count-instructions.sh [path...]    (default: every path)
# The LuaBenchmarks paths (raw codable once raw-push codable-push tuned-push walk) run 10,000
# and 30,000 times (50 times LOW, and 20 times HIGH - LOW more, of the sizes in
# callgrind-liverules.sh). The presentation paths, on the meetings pack:
#   presentation   `liverules bench`, counted mode (Benchmarks/scripts/count-presentation-instructions.sh)
#   serving        the same in serving mode
#   engine         one RuleEngine fed the app's Codable types (ReloadBenchmarks profile)
#   test           `liverules test` on 1,000 generated fixtures (Benchmarks/scripts/count-test-instructions.sh)
set -euo pipefail
. "$(dirname "$0")/from-caller.sh"
cd "$root"
name=count-instructions
product=LuaBenchmarks
. Benchmarks/scripts/callgrind-liverules.sh
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(raw codable once raw-push codable-push tuned-push walk presentation serving engine test)

count() {  # program, mode, path..., evaluations -> instructions of the whole run
  instructions "$scratch/$1" profile "${@:2}"
}
for path in "${paths[@]}"; do
  case "$path" in
    presentation) Benchmarks/scripts/count-presentation-instructions.sh rules/meetings ;;
    serving) Benchmarks/scripts/count-presentation-instructions.sh --serving rules/meetings ;;
    test) Benchmarks/scripts/count-test-instructions.sh $((high - low)) ;;
    engine)
      [ -x "$scratch/ReloadBenchmarks" ] || stripped ReloadBenchmarks
      printf '%-14s %8d instructions per presentation\n' "$path" "$(per_item "$(count ReloadBenchmarks "$low")" "$(count ReloadBenchmarks "$high")")" ;;
    *)
      fewer=$((low * 50)) more=$((low * 50 + (high - low) * 20))
      printf '%-14s %8d instructions per evaluation\n' "$path" \
        $(( ($(count LuaBenchmarks "$path" "$more") - $(count LuaBenchmarks "$path" "$fewer")) / (more - fewer) )) ;;
  esac
done
