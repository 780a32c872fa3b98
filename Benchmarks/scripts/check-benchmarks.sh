#!/usr/bin/env bash
# Runs every benchmark of Benchmarks/ once at its smallest size, from the build in BIN (default
# .build/debug, which scripts/test.sh builds with the benchmark targets), so that a benchmark that
# no longer runs (a schema, API or output it relies on changed) fails CI, naming its command, and
# not the day someone measures with it. It times nothing: each run must end with status 0 and
# print its report's last line (the profiling modes, which print nothing, the status alone).
# Every folder of Benchmarks/ holding a benchmark must have a run here; PlainLua has its own
# check (Benchmarks/PlainLua/check.sh), and PreviewBenchmarks needs chromium and Playwright
# (skipped without them, an error in CI).
#   Benchmarks/scripts/check-benchmarks.sh [BIN]
set -euo pipefail
bin=${1:-}
[ -z "$bin" ] || bin=$(cd "$bin" 2>/dev/null && pwd || echo "$bin")   # BIN as given, from where it was run
cd "$(dirname "$0")/../.."
bin=${bin:-.build/debug}
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
runs=0
skipped=0

# check FOLDER EXPECTED COMMAND...: runs COMMAND; fails unless it exits 0 and prints a line
# matching EXPECTED (an extended regular expression; empty: the status alone).
check() {
  local folder=$1 expected=$2 status=0
  shift 2
  checked+=("$folder")
  runs=$((runs + 1))
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
  skipped=1
  echo "skip  PreviewBenchmarks: chromium or Playwright is not installed (scripts/setup.sh --browser as root installs them)"
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
echo "benchmarks: $runs runs, all ended as expected$([ "$skipped" -eq 0 ] || echo " (PreviewBenchmarks skipped)")"
