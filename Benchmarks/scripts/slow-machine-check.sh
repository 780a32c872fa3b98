#!/usr/bin/env bash
# Proves that outcomes do not depend on the machine's speed. Runs every hostile script
# (HostileBenchmarks --outcomes) and every fixture of the bundled packs (the golden suite with CI
# set, and each fixture's output, recorded afresh by one `liverules test --record` over a copy of
# rules/ without its goldens) three ways: natively; under `valgrind --tool=none`, every instruction
# several times slower; natively while two busy loops load both cores. Fails, naming them, on any
# difference in output bytes or exit status between the runs, on any hostile script that does not
# end as its header declares, and on any fixture whose output differs from its golden.
# Builds release in .build; on a 2-core machine about 11 minutes from a fresh clone, 40 s once built.
#   Benchmarks/scripts/slow-machine-check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
./scripts/setup.sh
. Benchmarks/scripts/release-build.sh
for tool in valgrind objcopy; do
  command -v "$tool" >/dev/null || { echo "slow-machine-check: $tool is missing (Debian: apt-get install valgrind binutils)" >&2; exit 1; }
done
# Swift's crash reporter would hold a crashed process; its exit status is the finding.
export SWIFT_BACKTRACE=enable=no

began=$(date +%s)
scratch=$(mktemp -d)
busy=()
# Ends the busy loops, if any are running.
stop_busy() {
  if [ ${#busy[@]} -gt 0 ]; then
    kill "${busy[@]}" 2>/dev/null || true
    wait "${busy[@]}" 2>/dev/null || true
  fi
  busy=()
}
cleanup() {
  stop_busy
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== building release: HostileBenchmarks, liverules"
release_build HostileBenchmarks liverules
bin=.build/release
# valgrind cannot read the debug information of Swift binaries; symbols are enough. All three runs
# use these same copies.
objcopy --strip-debug "$bin/HostileBenchmarks" "$scratch/HostileBenchmarks"
objcopy --strip-debug "$bin/liverules" "$scratch/liverules"

# run <name> [wrapper...]: one run into $scratch/<name>: `hostile` (the outcome lines), `golden`
# (the CI report of rules/), `record` (the report of recording) and `rules/*/golden/` (the
# outputs), each report ending in its exit status. Sets `seconds` to the wall time it took.
run() {
  local name=$1 out=$scratch/$1 start status
  shift
  start=$(date +%s%N)
  mkdir "$out"
  status=0
  "$@" "$scratch/HostileBenchmarks" --outcomes Tests/LuaTests/Resources/hostile >"$out/hostile" || status=$?
  echo "exit status $status" >>"$out/hostile"
  status=0
  CI=true "$@" "$scratch/liverules" test rules >"$out/golden" || status=$?
  echo "exit status $status" >>"$out/golden"
  cp -R rules "$out/rules"
  rm -f "$out"/rules/*/golden/*.json
  status=0
  (cd "$out" && env -u CI "$@" "$scratch/liverules" test rules --record >record 2>/dev/null) || status=$?
  echo "exit status $status" >>"$out/record"
  # Recorded goldens wait for review as .json.new files: accept them all.
  (cd "$out" && env -u CI "$scratch/liverules" review rules --accept >/dev/null)
  seconds=$(( ($(date +%s%N) - start) / 1000000 ))
  seconds=$(printf '%d.%d' $(( seconds / 1000 )) $(( seconds % 1000 / 100 )))
  printf '   %s: %s s\n' "$name" "$seconds"
}

echo "== running natively, under valgrind --tool=none, natively with both cores loaded"
run native
native=$seconds
run valgrind valgrind --tool=none -q
valgrind=$seconds
for _ in 1 2; do
  sh -c 'while :; do :; done' &
  busy+=($!)
done
run loaded
loaded=$seconds
stop_busy

failed=0
# differ <what> <file or folder>: reports how each slower run's <file> differs from the native one:
# the files that differ, then the changed lines (a hostile script's name starts its line).
differ() {
  local run
  for run in valgrind loaded; do
    if ! diff -r -u "$scratch/native/$2" "$scratch/$run/$2" >"$scratch/diff"; then
      echo "DIFFERENT $1, native vs $run:"
      { grep -E '^(Only in|diff )' "$scratch/diff" || true; } | sed "s|$scratch/||g; s/^/  /"
      { grep -E '^[-+]([^-+]|$)' "$scratch/diff" || true; } | head -200 | sed 's/^/  /'
      failed=1
    fi
  done
}
differ "hostile-script outcomes" hostile
differ "golden reports" golden
differ "recording reports" record
differ "fixture outputs" rules

# What the native run says about the rules; any way a slower run says otherwise is a difference above.
if ! tail -2 "$scratch/native/hostile" | tr '\n' ' ' | grep -qx '[0-9]* passed, 0 failed exit status 0 '; then
  echo "HOSTILE SCRIPTS NOT ENDING AS THEIR HEADER DECLARES:"
  grep -E 'FAILED|^exit' "$scratch/native/hostile" | sed 's/^/  /' || true
  failed=1
fi
if [ "$(tail -1 "$scratch/native/golden")" != "exit status 0" ]; then
  echo "FIXTURES DIFFERING FROM THEIR GOLDEN (liverules test):"
  head -80 "$scratch/native/golden" | sed 's/^/  /'
  failed=1
fi

scripts=$(grep -c '\.lua: ' "$scratch/native/hostile" || true)
fixtures=$(find rules -path '*/fixtures/*.json' | wc -l)
outputs=$(find "$scratch/native/rules" -path '*/golden/*.json' | wc -l)
echo "== $scripts hostile scripts: $(tail -2 "$scratch/native/hostile" | head -1) (native)"
echo "== $fixtures fixtures, $outputs outputs recorded: $(tail -2 "$scratch/native/golden" | head -1) (native, against the goldens)"
echo "== runs: native $native s, valgrind $valgrind s, loaded $loaded s; all, with the build, $(( $(date +%s) - began )) s"
if [ "$failed" -ne 0 ]; then
  echo "slow-machine-check: FAILED (see above)"
  exit 1
fi
echo "slow-machine-check: the three runs are identical, every script ends as declared, every fixture matches its golden"
