# Sourced by the scripts that count instructions with valgrind's callgrind, from the package root,
# with `name` (the script's name, for messages) set, and either `product` (a benchmark executable
# of the package) or `binary` (a liverules binary; when empty, the release CLI): checks that
# valgrind is there, builds what is missing in release, and leaves in `$scratch/$product` or
# `$scratch/liverules` a copy valgrind can read (Swift's debug information stripped; symbols are
# enough), built as every benchmark script builds (release-build.sh). `$scratch` is a folder
# removed when the script exits.
# `instructions COMMAND...` prints the instructions callgrind counts in a whole run of the command.
if ! command -v valgrind >/dev/null; then
  echo "$name: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
. Benchmarks/scripts/release-build.sh
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -n "${product:-}" ]; then
  release_build "$product"
  objcopy --strip-debug ".build/release/$product" "$scratch/$product"
else
  if [ -z "${binary:-}" ]; then
    release_build liverules
    binary=.build/release/liverules
  fi
  objcopy --strip-debug "$binary" "$scratch/liverules"
fi
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$@" 2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}
