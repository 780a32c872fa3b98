# Sourced first by a benchmark script two folders below the package root (Benchmarks/scripts,
# Benchmarks/PlainLua), before it moves there: sets `root` to the package root and defines
# `from_caller PATH [DEFAULT]`, which prints PATH, given relative to the folder the script was
# run from, as the script reads it from the root: relative to the root when it lies under it (so
# that output naming it reads as before), else absolute, with `..` resolved when its folder
# exists; an empty PATH as DEFAULT (a path from the root, or nothing). BUILD, the folder of built
# executables the counting scripts may use instead of a release build (callgrind-liverules.sh), is
# read the same way. POSIX sh, so that sh and bash scripts both source it.
root=$(cd "$(dirname "$0")/../.." && pwd)
from_caller() {
  case $1 in
    '') printf '%s' "${2:-}"; return ;;
    /*) set -- "$1" ;;
    *) set -- "${PWD%/}/$1" ;;
  esac
  if [ "$1" != / ] && folder=$(cd "$(dirname "$1")" 2>/dev/null && pwd); then
    set -- "${folder%/}/$(basename "$1")"
  fi
  case $1 in
    "$root"/*) printf '%s' "${1#"$root"/}" ;;
    *) printf '%s' "$1" ;;
  esac
}
[ -z "${BUILD:-}" ] || BUILD=$(from_caller "$BUILD")
