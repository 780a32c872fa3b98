#!/usr/bin/env bash
# Sets up what is missing, checks every C target's warnings, builds everything (failing on any
# warning in the project's own code), runs the whole test suite, including every hostile script
# and the bundled rules' fixtures, the browser tests and the service tests (`liverules serve`
# polling signed bundles from a real nginx, under wrk's load; they need nginx and wrk, which
# scripts/setup.sh --browser installs as root: skipped without them, an error in CI), the Android
# library's tests (android/test.sh: Debian's kotlin, libandroid-json-java and junit4, which
# scripts/setup.sh --browser installs too; skipped without them, an error in CI), runs every
# benchmark once at its smallest size, and proves the package works as a versioned dependency.
set -euo pipefail
cd "$(dirname "$0")/.."
# Everything: the studio and the service (the Studio and Service traits) with their tests, and the benchmark and fuzz targets,
# which only compile here (scripts/*.sh run them).
export LIVERULES_DEVELOPMENT=1
traits=(--traits Studio,Service)
./scripts/setup.sh --browser

# C warnings: SwiftPM takes no warning flags from a package others depend on (they would be
# `unsafeFlags`), so every C file of every C target in Sources is compiled here on its own with
# -Wall -Wextra -Werror, against Lua's headers and every C target's public headers.
clang=$(command -v clang || true)
[ -n "$clang" ] || clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
includes=()
for folder in Sources/*/include; do includes+=(-I "$folder"); done
read -r -a lua_cflags <<<"$(pkg-config --cflags lua5.4)"
checked=0
while IFS= read -r file; do
  "$clang" -fsyntax-only -Wall -Wextra -Werror "${lua_cflags[@]}" "${includes[@]}" -I "$(dirname "$file")" "$file"
  checked=$((checked + 1))
done < <(find Sources -name '*.c' | sort)
echo "C warnings: $checked files checked with -Wall -Wextra -Werror"

log=$(mktemp)
scratch=$(mktemp -d)
trap 'rm -rf "$log" "$scratch"' EXIT
swift build --build-tests "${traits[@]}" 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Sources|Tests|Benchmarks|Fuzz|Plugins)/.*(warning|error):" "$log"; then
  echo "The build has warnings in the project's own code (above): fix them." >&2
  exit 1
fi
# The tests write their files in a folder of their own (TMPDIR), and must leave nothing there:
# every test's files are removed when its process exits, and so are those of every `liverules`
# it runs. (SwiftPM's own locks and TemporaryDirectory.* folders are not the tests'.)
TMPDIR=$scratch swift test --skip-build "${traits[@]}"
left=$(ls -A "$scratch" | grep -vE '^TemporaryDirectory\.|\.lock$' || true)
if [ -n "$left" ]; then
  echo "The tests left files in their temporary folder (TMPDIR): $left" >&2
  exit 1
fi

# The preview studio in a real browser (headless Chromium through Playwright), when both are
# installed (scripts/setup.sh --browser, above, installs them as root): the page, Accept, live
# reload, the export; every field in its region at phone and desktop widths; no missing-glyph
# box, the marks out of the way, StandBy at night legible; the Android surface as the Android
# library draws it.
if ./scripts/has-browser.sh; then
  python3 Tests/Browser/test_preview.py
  python3 Tests/Browser/test_regions.py
  python3 Tests/Browser/test_glyphs_and_marks.py
  python3 Tests/Browser/test_android_surface.py
elif [ -n "${CI:-}" ]; then
  echo "CI needs chromium and Playwright for the browser tests: run scripts/setup.sh --browser as root." >&2
  exit 1
else
  echo "Skipping the browser tests: install chromium and Playwright (scripts/setup.sh --browser as root does)." >&2
fi

# The service tests: `liverules serve` polling signed bundles from a real nginx; two servers
# switching together, refused bundles keeping the last good version, and wrk's load while the
# bundle is replaced 100 times with not one failed request. They need Debian's nginx and wrk.
if { command -v nginx || [ -x /usr/sbin/nginx ]; } >/dev/null 2>&1 && command -v wrk >/dev/null 2>&1; then
  python3 Tests/Service/test_bundles.py
elif [ -n "${CI:-}" ]; then
  echo "CI needs nginx and wrk for the service tests (Tests/Service): run scripts/setup.sh --browser as root." >&2
  exit 1
else
  echo "Skipping the service tests (Tests/Service): nginx or wrk is not installed (scripts/setup.sh --browser as root installs them)." >&2
fi

# The plain-Lua baseline the benchmarks compare with (Benchmarks/PlainLua) presents every bundled
# fixture as its golden, so it measures the host's whole job.
if command -v lua5.4 >/dev/null 2>&1; then
  ./Benchmarks/PlainLua/check.sh
elif [ -n "${CI:-}" ]; then
  echo "CI needs lua5.4 for the plain-Lua baseline's check (Benchmarks/PlainLua): run scripts/setup.sh --browser as root." >&2
  exit 1
else
  echo "Skipping the plain-Lua baseline's check (Benchmarks/PlainLua): lua5.4 is not installed (scripts/setup.sh --browser as root installs it)." >&2
fi

# Every benchmark still runs, once at its smallest size (times nothing; PreviewBenchmarks in the
# browser, as above).
./Benchmarks/scripts/check-benchmarks.sh .build/debug

# The Android library (android/): compiled with kotlinc and tested with JUnit against the FCM
# messages the CLI built above writes for every minute of every bundled fixture's timeline.
if command -v kotlinc >/dev/null 2>&1 && [ -f /usr/share/java/com.android.json.jar ] && [ -f /usr/share/java/junit4.jar ]; then
  ./android/test.sh
elif [ -n "${CI:-}" ]; then
  echo "CI needs kotlin, libandroid-json-java and junit4 for the Android library's tests: run scripts/setup.sh --browser as root." >&2
  exit 1
else
  echo "Skipping the Android library's tests (android/): kotlin, libandroid-json-java or junit4 is not installed (scripts/setup.sh --browser as root installs them)." >&2
fi

# API documentation: DocC builds each library module's docs with warnings as errors (archives in
# .build/plugins/Swift-DocC/outputs/; one run for all, which builds the symbol graphs once), then
# every public symbol must have a doc comment.
docs_ok=true
swift package "${traits[@]}" generate-documentation --target Lua --target LiveRules --target LiveRulesExamples \
  --target LiveRulesActivity --warnings-as-errors || docs_ok=false
./scripts/doc-coverage.py || docs_ok=false
if [ "$docs_ok" != true ]; then
  echo "The API documentation has problems (above): fix them." >&2
  exit 1
fi

./scripts/consumer-check.sh
