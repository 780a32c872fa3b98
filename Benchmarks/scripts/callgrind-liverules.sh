# Sourced by the scripts that count instructions of the `liverules` CLI with valgrind's callgrind,
# from the package root, with `binary` (a liverules binary, or empty) and `name` (the script's
# name, for messages) set: checks that valgrind is there, builds the release CLI when `binary` is
# empty, and leaves in `$scratch/liverules` a copy valgrind can read (Swift's debug information
# stripped; symbols are enough). `$scratch` is a folder removed when the script exits.
if ! command -v valgrind >/dev/null; then
  echo "$name: valgrind is missing (Debian: apt-get install valgrind)" >&2
  exit 1
fi
if [ -z "$binary" ]; then
  swift build -c release --product liverules >/dev/null
  binary=.build/release/liverules
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
objcopy --strip-debug "$binary" "$scratch/liverules"
