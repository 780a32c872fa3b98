# Sourced by the scripts that count instructions with valgrind's callgrind, from the package root,
# with `name` (the script's name, for messages) set, and either `product` (a benchmark executable
# of the package) or `binary` (a liverules binary; when empty, the package's own): checks that
# valgrind is there and leaves in `$scratch/$product` or `$scratch/liverules` a copy valgrind can
# read (Swift's debug information stripped; symbols are enough). `$scratch` is a folder removed
# when the script exits.
# The executables are the release build's, built as every benchmark script builds
# (release-build.sh), unless BUILD names a folder that holds them already built (BUILD=.build/debug
# counts the debug build: check-benchmarks.sh does, to see each script run, not to measure).
# The scripts that count per item count whole runs at two sizes, LOW and HIGH presentations (or
# their own multiple of them), and divide the difference by HIGH - LOW so that setup is left out:
# 200 and 1,200 unless COUNTS="LOW HIGH" says otherwise.
# `built PRODUCT` prints the path of the product's executable, building it first unless BUILD is set;
# `stripped PRODUCT [EXECUTABLE]` leaves valgrind's copy of it (or of EXECUTABLE) in `$scratch/PRODUCT`.
# `instructions COMMAND...` prints the instructions callgrind counts in a whole run of the command.
# `counted DUMP COMMAND...` prints them with the L2 misses of code fetched and of data, in
# callgrind's cache model of one core (`caches`), and leaves callgrind's dump in the file DUMP. A
# miss costs tens of cycles: what instructions leave out of the time. The model is one core of the
# smaller variant of the machine type CI uses: 32 KiB L1i and L1d, 512 KiB L2, unless
# CACHES="I1 D1 L2" gives three callgrind geometries (size,ways,line), such as the other variant's
# "32768,8,64 49152,12,64 2097152,16,64" (`lscpu` says which a machine is).
# `per_item AT_LOW AT_HIGH` prints the difference of two such counts over HIGH - LOW;
# `per_items "AT_LOW..." "AT_HIGH..."` does so for each of several, as `counted` prints them.
if ! command -v valgrind >/dev/null; then
  echo "$name: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
. Benchmarks/scripts/release-build.sh
built() {
  if [ -n "${BUILD:-}" ]; then
    [ -x "$BUILD/$1" ] || { echo "$name: BUILD=$BUILD holds no $1: build it first" >&2; exit 1; }
    echo "$BUILD/$1"
  else
    release_build "$1"
    echo ".build/release/$1"
  fi
}
read -r low high <<COUNTS
${COUNTS:-200 1200}
COUNTS
if ! [ "$low" -ge 1 ] 2>/dev/null || ! [ "${high:-0}" -gt "$low" ] 2>/dev/null; then
  echo "$name: COUNTS must be two whole numbers, LOW at least 1 and HIGH above it (not '${COUNTS:-}')" >&2
  exit 2
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
stripped() {
  local executable=${2:-}
  [ -n "$executable" ] || executable=$(built "$1") || exit 1
  objcopy --strip-debug "$executable" "$scratch/$1"
}
if [ -n "${product:-}" ]; then
  stripped "$product"
else
  stripped liverules "${binary:-}"
fi
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}
read -r i1 d1 l2 rest <<CACHES
${CACHES:-32768,8,64 32768,8,64 524288,8,64}
CACHES
caches=(--cache-sim=yes --I1="$i1" --D1="${d1:-}" --LL="${l2:-}")
# A CACHES valgrind refuses (not three geometries, or one it cannot model) stops here, with its reason.
if [ -n "${CACHES:-}" ] && { [ -n "${rest:-}" ] || ! refusal=$(valgrind --tool=callgrind "${caches[@]}" --callgrind-out-file=/dev/null true 2>&1 >/dev/null); }; then
  echo "$name: CACHES must be three cache geometries valgrind can model, I1 D1 L2, each size,ways,line in bytes (not '$CACHES')" >&2
  grep '^valgrind:' <<< "${refusal:-}" | head -n 2 >&2 || true
  exit 2
fi
counted() {
  local dump=$1
  shift
  valgrind --tool=callgrind "${caches[@]}" --callgrind-out-file="$dump" "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4, $10, $11 + $12 }'
}
per_item() { echo $(( ($2 - $1) / (high - low) )); }
per_items() {
  local -a atLow atHigh items=()
  read -r -a atLow <<< "$1"
  read -r -a atHigh <<< "$2"
  for i in "${!atLow[@]}"; do items+=("$(per_item "${atLow[$i]}" "${atHigh[$i]}")"); done
  echo "${items[*]}"
}
