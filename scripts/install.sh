#!/usr/bin/env bash
# Builds `liverules` and installs it as PREFIX/bin/liverules (PREFIX: $HOME/.local by default).
# The binary is self-contained (the helper library and the driver are compiled in): it runs from
# anywhere, and needs only the system's Lua library (liblua5.4). Says where it went and whether
# PREFIX/bin is on PATH.
#
#   scripts/install.sh [--debug] [--without-servers] [--completions] [PREFIX]
#
#   --debug           a debug build instead of a release build (quicker to build, slower to run)
#   --without-servers  leaves out `liverules preview`, `liverules serve`, `liverules bundle`, their web
#                     servers and OpenSSL (the package's Studio and Service traits): about a third of the build
#   --completions     also installs bash, zsh and fish completions under PREFIX/share
#
# SCRATCH_PATH is the build folder used: .build by default, .build/without-servers with
# --without-servers (the traits change how every module is compiled: one folder for each keeps
# both builds incremental).
set -euo pipefail
caller=$PWD   # a relative PREFIX is relative to where the script was run from
cd "$(dirname "$0")/.."

configuration=release
completions=false
traits=(--traits Studio,Service)
prefix=
for argument in "$@"; do
  case "$argument" in
    --debug) configuration=debug ;;
    --without-servers) traits=() ;;
    --completions) completions=true ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "install.sh: unknown option $argument (see --help)" >&2; exit 2 ;;
    *)
      [ -z "$prefix" ] || { echo "install.sh: one PREFIX only (see --help)" >&2; exit 2; }
      prefix=$argument ;;
  esac
done
prefix=${prefix:-$HOME/.local}
case "$prefix" in /*) ;; *) prefix="$caller/$prefix" ;; esac
mkdir -p "$prefix/bin"
prefix=$(cd "$prefix" && pwd)
if [ ${#traits[@]} -eq 0 ]; then scratch=${SCRATCH_PATH:-.build/without-servers}; else scratch=${SCRATCH_PATH:-.build}; fi

./scripts/setup.sh
swift build -c "$configuration" --scratch-path "$scratch" "${traits[@]}" --product liverules
built="$(swift build -c "$configuration" --scratch-path "$scratch" "${traits[@]}" --show-bin-path)/liverules"
install -m 755 "$built" "$prefix/bin/liverules"
echo "installed $("$prefix/bin/liverules" --version) ($configuration build) as $prefix/bin/liverules"

if [ "$completions" = true ]; then
  bash_dir="$prefix/share/bash-completion/completions"
  zsh_dir="$prefix/share/zsh/site-functions"
  fish_dir="$prefix/share/fish/vendor_completions.d"
  mkdir -p "$bash_dir" "$zsh_dir" "$fish_dir"
  "$prefix/bin/liverules" --generate-completion-script bash > "$bash_dir/liverules"
  "$prefix/bin/liverules" --generate-completion-script zsh > "$zsh_dir/_liverules"
  "$prefix/bin/liverules" --generate-completion-script fish > "$fish_dir/liverules.fish"
  echo "installed completions: $bash_dir/liverules, $zsh_dir/_liverules, $fish_dir/liverules.fish"
fi

case ":$PATH:" in
  *":$prefix/bin:"*) echo "$prefix/bin is on your PATH: run \`liverules --help\`" ;;
  *)
    echo "$prefix/bin is not on your PATH; to run \`liverules\` by name, add it (to your shell's profile to keep it):"
    echo "  export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
