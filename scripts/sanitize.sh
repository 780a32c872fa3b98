#!/usr/bin/env bash
# Builds the tests under AddressSanitizer, then under UndefinedBehaviorSanitizer, and runs those
# that drive the C code: LuaTests (the shim, through every path the host uses) and the schema
# checker's and input views' tests (CLiveRules):
#
#   scripts/sanitize.sh [address|undefined]     (default: both, in that order)
#
# Each sanitizer has its own build folder (.build-asan, .build-ubsan). Both C targets are compiled
# with the sanitizer (checked below), and every finding stops the test process: AddressSanitizer
# always does (leaks included, at exit), UndefinedBehaviorSanitizer with -fno-sanitize-recover=all.
# The script fails on the first finding.
set -euo pipefail
cd "$(dirname "$0")/.."
export LIVERULES_DEVELOPMENT=1   # the benchmark and fuzz targets join the package (Package.swift)
./scripts/setup.sh

# Swift's own crash reporter would hold the process; the sanitizers report findings themselves.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Sanitized code runs several times slower: hostile scripts that must end in a counted budget get
# 20 s of CPU before the backstop deadline (5 s otherwise).
export HOSTILE_DEADLINE_MS=${HOSTILE_DEADLINE_MS:-20000}

# sanitize <name> <build folder> <symbol instrumented C calls> <build flags...>: builds, checks
# that both C targets are instrumented, runs the tests of the C code.
sanitize() {
  local name=$1 scratch=$2 marker=$3
  shift 3
  echo "== $name: building in $scratch"
  swift build --build-tests --scratch-path "$scratch" "$@"
  local target objects
  for target in CLuaShim CLiveRules; do
    objects=$(find "$scratch/debug/$target.build" -name '*.o')
    [[ -n "$objects" ]] || { echo "sanitize.sh: no objects of $target in $scratch" >&2; exit 1; }
    # shellcheck disable=SC2086 # one word per object file
    if ! nm $objects | grep "$marker" > /dev/null; then
      echo "sanitize.sh: $target is not instrumented for $name (no $marker in its objects)" >&2
      exit 1
    fi
  done
  echo "== $name: running LuaTests and the schema checker's tests"
  # ReleaseTests runs pkg-config through Foundation's Process, which leaks a weak reference of its
  # own (32 bytes); it tests no C code of the project.
  swift test --skip-build --disable-xctest --scratch-path "$scratch" \
    --filter 'LuaTests|SchemaCheckTests|StrictInputTests|SuggestionTests' --skip ReleaseTests
}

# AddressSanitizer instruments the Swift and the C targets. swiftc has no UndefinedBehaviorSanitizer
# on Linux, so it instruments the C targets only, and its runtime is linked in by clang.
address() {
  sanitize address .build-asan __asan_report --sanitize=address
}
undefined() {
  sanitize undefined .build-ubsan __ubsan_handle -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all \
    -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined
}

case "${1:-both}" in
  address) address ;;
  undefined) undefined ;;
  both)
    address
    undefined
    ;;
  *)
    echo "usage: scripts/sanitize.sh [address|undefined]" >&2
    exit 2
    ;;
esac
echo "sanitize.sh: no findings"
