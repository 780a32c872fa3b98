#!/usr/bin/env bash
# Runs one libFuzzer target for some minutes:
#
#   scripts/fuzz.sh json|manifest|patterns [minutes] [libFuzzer options…]   (default 1 minute)
#
#   json      the JSON parser and the fixture reader (Fuzz/FuzzJSON, Swift, AddressSanitizer)
#   manifest  the pack.json reader, schema included (Fuzz/FuzzManifest, Swift, AddressSanitizer)
#   patterns  the shim's pattern matcher (Fuzz/FuzzPatterns, C, Address and UndefinedBehavior
#             sanitizers)
#
# The fuzzer starts from the committed regression corpus (Fuzz/corpus/<target>) and the bundled
# packs, and keeps what it finds new in .build-fuzz/corpus/<target>. An input that crashes, runs
# over 5 s or needs over 2 GiB is written to .build-fuzz/findings/<target>/ and the script fails:
# minimize it, fix the bug, and add the input to Fuzz/corpus/<target>/ so the tests replay it.
set -euo pipefail
cd "$(dirname "$0")/.."
export LIVERULES_DEVELOPMENT=1   # the benchmark and fuzz targets join the package (Package.swift)

target=${1:-}
minutes=${2:-1}
options=("${@:3}")
case "$target" in
  json) product=FuzzJSON max_len=16384 ;;
  manifest) product=FuzzManifest max_len=16384 ;;
  patterns) product=FuzzPatterns max_len=4096 ;;
  *)
    echo "usage: scripts/fuzz.sh json|manifest|patterns [minutes] [libFuzzer options…]" >&2
    exit 2
    ;;
esac
[[ "$minutes" =~ ^[0-9]+$ ]] || { echo "minutes must be a whole number, got '$minutes'" >&2; exit 2; }

scratch=.build-fuzz
work=$scratch/corpus/$target
findings=$scratch/findings/$target
mkdir -p "$work" "$findings"

case "$target" in
  json) cp rules/*/fixtures/*.json "$work"/ ;;
  manifest) for pack in rules/*/pack.json; do cp "$pack" "$work/$(basename "$(dirname "$pack")").json"; done ;;
  patterns) ;;
esac

if [[ "$target" == patterns ]]; then
  binary=$scratch/FuzzPatterns
  # shellcheck disable=SC2046 # pkg-config prints several flags
  "${CLANG:-clang}" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -fuse-ld=lld \
    $(pkg-config --cflags lua5.4) -I Sources/CLuaShim/include \
    Fuzz/FuzzPatterns/fuzz_patterns.c Sources/CLuaShim/*.c \
    $(pkg-config --libs lua5.4) -lpthread -o "$binary"
else
  swift build -c debug --scratch-path "$scratch" --product "$product" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING -Xswiftc -use-ld=lld
  binary=$scratch/debug/$product
fi

# Swift's own crash reporter would hold the process; libFuzzer reports crashes itself. The
# suppressions cover what LeakSanitizer cannot follow: Swift globals whose enums keep tag bits
# in their pointers.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp
"$binary" "$work" "Fuzz/corpus/$target" -max_total_time=$((minutes * 60)) -max_len=$max_len \
  -timeout=5 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 ${options[@]+"${options[@]}"} || {
  status=$?
  echo "fuzz.sh: a finding in $findings/ (above). Minimize it with" >&2
  echo "  SWIFT_BACKTRACE=enable=no $binary -minimize_crash=1 -runs=100000 <file>" >&2
  echo "then fix it and add the input to Fuzz/corpus/$target/." >&2
  exit $status
}
