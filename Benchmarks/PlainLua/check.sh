#!/usr/bin/env bash
# The plain-Lua baseline does the host's whole job: presents every fixture of each pack with
# `lua5.4 harness.lua … check` and fails unless each presentation equals its golden (layout,
# slots, lines, live forms, dates as the goldens write them). compare.sh runs it before measuring;
# scripts/test.sh runs it on the bundled packs, so the baseline cannot go stale.
#   Benchmarks/PlainLua/check.sh [pack...]   (default: the bundled packs)
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
packs=()
for pack in "$@"; do packs+=("$(from_caller "$pack")"); done
cd "$root"
for tool in lua5.4 python3; do
  command -v "$tool" >/dev/null || { echo "check: $tool is missing (Debian: apt-get install lua5.4)" >&2; exit 1; }
done
[ ${#packs[@]} -gt 0 ] || packs=(rules/meetings rules/match rules/delivery)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for pack in "${packs[@]}"; do
  [ -d "$pack/fixtures" ] && [ -d "$pack/golden" ] || { echo "check: $pack is not a pack with fixtures/ and golden/" >&2; exit 2; }
  python3 Benchmarks/PlainLua/fixtures.py "$pack" > "$scratch/fixtures.lua"
  lua5.4 Benchmarks/PlainLua/harness.lua Sources/LiveRules/Helpers "$pack" "$scratch/fixtures.lua" 0 check > "$scratch/check.tsv"
  python3 - "$pack" "$scratch/check.tsv" <<'PY'
import json, pathlib, sys
pack, results = sys.argv[1], sys.argv[2]
rows = [line.rstrip("\n").split("\t") for line in open(results)]
goldens = sorted(path.name for path in pathlib.Path(pack, "golden").glob("*.json"))
differ = [name for name, text in rows if json.loads(text) != json.load(open(f"{pack}/golden/{name}"))]
if differ or sorted(name for name, _ in rows) != goldens:
    sys.exit(f"check: the plain-Lua baseline differs from the goldens of {pack} on " + ", ".join(differ or ["the set of fixtures"]))
print(f"{pack}: the plain-Lua baseline presents all {len(rows)} fixtures as their goldens")
PY
done
