#!/usr/bin/env bash
# Runs every benchmark of Benchmarks/ once at its smallest size, from the build in BIN (default
# .build/debug, which scripts/test.sh builds with the benchmark targets), so that a benchmark that
# no longer runs (a schema, API or output it relies on changed) fails CI, naming its command, and
# not the day someone measures with it. It times nothing: each run must end with status 0 and
# print its report's last line (the profiling modes, which print nothing, the status alone).
# Every folder of Benchmarks/ holding a benchmark must have a run here; PlainLua has its own
# check (Benchmarks/PlainLua/check.sh), and PreviewBenchmarks needs chromium and Playwright
# (skipped without them, an error in CI). So must every script that counts or measures
# (count-*.sh, PlainLua/compare.sh, bench-*.sh), on the same build at sizes small enough to check
# that it runs (COUNTS and BUILD: callgrind-liverules.sh), some from Benchmarks/ with paths given
# from there; they need valgrind and GNU time (skipped without them, an error in CI).
#   Benchmarks/scripts/check-benchmarks.sh [BIN]
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
bin=$(from_caller "${1:-}" .build/debug)
cd "$root"
if [ ! -x "$bin/LuaBenchmarks" ] || [ ! -x "$bin/liverules" ]; then
  echo "check-benchmarks: no benchmark executables in $bin; build them first:" >&2
  echo "  LIVERULES_DEVELOPMENT=1 swift build --traits Studio,Service    # or scripts/test.sh, which runs this" >&2
  exit 2
fi
export SWIFT_BACKTRACE=enable=no   # a crash's last lines are then its message, not its registers
out=$(mktemp)
trap 'rm -f "$out"' EXIT
failed=()
checked=()
commands=()
runs=0
skipped=()

# check FOLDER EXPECTED COMMAND...: runs COMMAND; fails unless it exits 0 and prints a line
# matching EXPECTED (an extended regular expression; empty: the status alone).
check() {
  local folder=$1 expected=$2 status=0
  shift 2
  checked+=("$folder")
  runs=$((runs + 1))
  commands+=("$*")
  "$@" >"$out" 2>&1 || status=$?
  if [ "$status" -eq 0 ] && { [ -z "$expected" ] || grep -qE "$expected" "$out"; }; then
    echo "ok    $*"
  else
    echo "FAIL  $* (exit status $status; expected a line matching /$expected/); its last lines:"
    tail -n 15 "$out" | sed 's/^/      /'
    failed+=("$*")
  fi
}

for pack in rules/*/; do
  pack=${pack%/}
  check ExploreBenchmarks "^$pack: 3 states explored, 0 promises broken" "$bin/ExploreBenchmarks" explore "$pack" 3
  check ExploreBenchmarks "^$pack: 3 states presented, 0 failed" "$bin/ExploreBenchmarks" present "$pack" 3
  check NextUpdateBenchmarks "^$pack: 3 moments presented \(0 with a next update\), 0 failed" "$bin/NextUpdateBenchmarks" present "$pack" 3
  check NextUpdateBenchmarks "^$pack: 3 moments presented \([0-3] with a next update\), 0 failed" "$bin/NextUpdateBenchmarks" next "$pack" 3
done
check GoldenBenchmarks "^GoldenRunner, 2 workers" "$bin/GoldenBenchmarks" 5
check HostileBenchmarks "^[0-9]+ passed, 0 failed" "$bin/HostileBenchmarks" --outcomes Tests/LuaTests/Resources/hostile
check HostileBenchmarks "" "$bin/HostileBenchmarks" Tests/LuaTests/Resources/hostile 3
check InputLimitBenchmarks "fixture: a file of 200 MiB" "$bin/InputLimitBenchmarks" 1
check LuaBenchmarks "^memory of one sandboxed state" "$bin/LuaBenchmarks" 10
for path in raw codable once raw-push codable-push tuned-push walk; do
  check LuaBenchmarks "^$path: 10 evaluations" "$bin/LuaBenchmarks" profile "$path" 10
done
check PresentationBenchmarks "^memory of one Presenter's state" "$bin/PresentationBenchmarks" 5
check ReloadBenchmarks "^resident memory over 3 reloads" "$bin/ReloadBenchmarks" 2 3
check ReloadBenchmarks "" "$bin/ReloadBenchmarks" profile 5
check ReloadBenchmarks "" "$bin/ReloadBenchmarks" profile 5 10 one
if ./scripts/has-browser.sh; then
  check PreviewBenchmarks "^save to updated page over 2 saves" env LIVERULES_BINARY="$bin/liverules" \
    python3 Benchmarks/PreviewBenchmarks/preview_bench.py --saves 2
elif [ -n "${CI:-}" ]; then
  failed+=("PreviewBenchmarks: CI needs chromium and Playwright (scripts/setup.sh --browser as root)")
else
  checked+=(PreviewBenchmarks)
  skipped+=(PreviewBenchmarks)
  echo "skip  PreviewBenchmarks: chromium or Playwright is not installed (scripts/setup.sh --browser as root installs them)"
fi

# The scripts that count and measure. Their expected lines name the pack as given from Benchmarks/
# without the ../: a path is read from the folder a script runs in, then named from the root.
case $bin in /*) from_benchmarks=$bin ;; *) from_benchmarks=../$bin ;; esac
if command -v valgrind >/dev/null 2>&1 && [ -x /usr/bin/time ]; then
  small=(env COUNTS="10 20" BUILD="$bin")
  in_benchmarks=(env -C Benchmarks COUNTS="10 20" BUILD="$from_benchmarks")
  number='[0-9]+'
  check scripts "^rules/match: $number instructions per presentation$" \
    "${in_benchmarks[@]}" scripts/count-presentation-instructions.sh --serving ../rules/match
  check scripts "^rules/delivery: $number instructions per explored state, $number per presentation: [0-9.]+$" \
    "${small[@]}" Benchmarks/scripts/count-explore-instructions.sh rules/delivery
  check scripts "^rules/match: $number instructions per presentation, -?$number more for its next update" \
    "${small[@]}" Benchmarks/scripts/count-next-update-instructions.sh rules/match
  # In the cache model of the machine type's other variant (CACHES), where a presentation may miss
  # nothing; over only 10 items a difference of misses can come out below zero.
  miss='-?[0-9]+'
  check scripts "^rules/match: $miss L2 misses per activity \(code $miss, data $miss\), $miss per presentation \(code $miss, data $miss\): (-?[0-9.]+|no ratio)$" \
    "${small[@]}" CACHES="32768,8,64 49152,12,64 2097152,16,64" Benchmarks/scripts/count-batch-instructions.sh
  check scripts "^liverules test, 3 fixtures: $number instructions in all, $number per fixture$" \
    "${small[@]}" Benchmarks/scripts/count-test-instructions.sh 3
  check scripts "^engine +$number instructions per presentation$" \
    "${small[@]}" Benchmarks/scripts/count-instructions.sh raw engine
  check scripts "^engine +one meeting changing +1 meeting $number, .*the host's share -?$number$" \
    "${small[@]}" Benchmarks/scripts/count-meeting-cost.sh "" one
  # Its warm-up (LOW / 2 requests) covers the fixtures it counts, so that valgrind's first
  # translation of their code cannot push a presentation past the loop's deadline.
  check scripts "/present reaches $number%$" \
    env COUNTS="20 30" BUILD="$bin" Benchmarks/scripts/count-serve-instructions.sh rules/meetings
  check PlainLua "^host, serving +$number +[0-9.]+ " \
    "${in_benchmarks[@]}" PlainLua/compare.sh ../rules/delivery
  check scripts "^activity / presentation, median of the rounds: [0-9.]+ with 1 worker" env LIVERULES="$bin/liverules" Benchmarks/scripts/bench-batch.sh 400 20 1
  check scripts "^a request to /present beyond its work in process: -?[0-9.]+ µs of the server's CPU; GET /health, HTTP alone: [0-9.]+ µs$" \
    env LIVERULES="$bin/liverules" Benchmarks/scripts/bench-serve.sh rules/meetings 2 2
  for script in Benchmarks/scripts/count-*.sh Benchmarks/scripts/bench-*.sh Benchmarks/PlainLua/compare.sh; do
    [[ " ${commands[*]} " == *"${script#Benchmarks/} "* ]] || failed+=("$script has no run in Benchmarks/scripts/check-benchmarks.sh")
  done
elif [ -n "${CI:-}" ]; then
  failed+=("the counting scripts: CI needs valgrind and GNU time (scripts/setup.sh --browser as root)")
else
  skipped+=("the counting scripts")
  echo "skip  the counting scripts: valgrind or GNU time is not installed (scripts/setup.sh --browser as root installs them)"
fi

# Every benchmark folder has a run above.
for folder in Benchmarks/*/; do
  name=$(basename "$folder")
  case $name in BenchmarkSupport | PlainLua | scripts) continue ;; esac
  [[ " ${checked[*]} " == *" $name "* ]] || failed+=("Benchmarks/$name has no run in Benchmarks/scripts/check-benchmarks.sh")
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'Benchmarks that no longer run:\n' >&2
  printf '  %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "benchmarks: $runs runs, all ended as expected$([ ${#skipped[@]} -eq 0 ] || echo " (skipped: ${skipped[*]})")"
