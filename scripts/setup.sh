#!/usr/bin/env bash
# Installs what LiveRules needs beyond Swift: Lua 5.4's library and headers (liblua5.4-dev),
# OpenSSL 3's libcrypto headers (libssl-dev: signed bundles, in the CLI's default build), libcurl's
# (libcurl4-openssl-dev: polling bundles, bounded) and pkg-config, which finds them; and luacheck (lua-check), which `liverules check` lints rules with.
# With --browser (scripts/test.sh passes it) also what the tests need beyond Swift: Debian's
# chromium and Playwright from PyPI for the preview studio's browser tests, and Debian's
# python3-jsonschema, the JSON Schema validator the device form's schema is checked with;
# Debian's kotlin, libandroid-json-java (Android's own org.json) and junit4 for the Android
# library's tests (android/test.sh); Debian's lua5.4 for the plain-Lua baseline's check
# (Benchmarks/PlainLua/check.sh); Debian's valgrind and time (GNU time), with which the benchmark
# scripts count and measure (Benchmarks/scripts/check-benchmarks.sh runs each once); and Debian's nginx and wrk for the service tests (Tests/Service: `liverules serve` polling signed
# bundles from a real web server under load). nginx is installed without starting its daemon
# (none is left running); installed as root, or said what to run otherwise.
# Uses apt when run as root (or with password-less sudo); otherwise says what to install. The
# library and pkg-config are required; without luacheck everything works and `liverules check`
# says lint was skipped. Does nothing when everything is present.
set -euo pipefail

browser_tests() {
  local browser=()
  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || browser+=(chromium)
  if [ ${#browser[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing chromium for the browser tests..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null || true
  fi
  if ! python3 -c "import playwright" 2>/dev/null && command -v python3 >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then
      echo "Installing Playwright for the browser tests..." >&2
      python3 -m pip install -q playwright >/dev/null 2>&1 || true
    fi
  fi
  if ! python3 -c "import jsonschema" 2>/dev/null && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing python3-jsonschema for the device form's schema tests..." >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema >/dev/null || true
  fi
  if ! python3 -c "import jsonschema" 2>/dev/null; then
    echo "The schema tests need a JSON Schema validator: sudo apt-get install -y python3-jsonschema" >&2
  fi
  if ! "$(dirname "$0")/has-browser.sh"; then
    echo "The browser tests need chromium and Playwright: sudo apt-get install -y chromium && python3 -m pip install playwright" >&2
  fi
  android_tests
  service_tests
  baseline_tests
  counting_tests
}

# The stock Lua interpreter for the plain-Lua baseline's check (Benchmarks/PlainLua/check.sh).
baseline_tests() {
  if ! command -v lua5.4 >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing lua5.4 for the plain-Lua baseline's check..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lua5.4 >/dev/null; } || true
  fi
  command -v lua5.4 >/dev/null 2>&1 || echo "The plain-Lua baseline's check needs lua5.4: sudo apt-get install -y lua5.4" >&2
}

# valgrind and GNU time for the benchmark scripts, which check-benchmarks.sh runs once each.
counting_tests() {
  local counting=()
  command -v valgrind >/dev/null 2>&1 || counting+=(valgrind)
  [ -x /usr/bin/time ] || counting+=(time)
  if [ ${#counting[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${counting[*]} for the benchmark scripts' check..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${counting[@]}" >/dev/null; } || true
  fi
  if ! command -v valgrind >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
    echo "The benchmark scripts' check needs valgrind and GNU time: sudo apt-get install -y valgrind time" >&2
  fi
}

# kotlinc, Android's org.json and JUnit 4 for the Android library's tests (android/test.sh).
android_tests() {
  local android=()
  command -v kotlinc >/dev/null 2>&1 || android+=(kotlin)
  [ -f /usr/share/java/com.android.json.jar ] || android+=(libandroid-json-java)
  [ -f /usr/share/java/junit4.jar ] || android+=(junit4)
  if [ ${#android[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${android[*]} for the Android library's tests..." >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${android[@]}" >/dev/null; } || true
  fi
  if ! command -v kotlinc >/dev/null 2>&1 || [ ! -f /usr/share/java/com.android.json.jar ] || [ ! -f /usr/share/java/junit4.jar ]; then
    echo "The Android library's tests need kotlin, libandroid-json-java and junit4: sudo apt-get install -y kotlin libandroid-json-java junit4" >&2
  fi
}

# nginx and wrk for the service tests. Debian's nginx package starts a daemon on port 80 when
# installed: a policy-rc.d answering 101 (action forbidden) keeps it from starting, and is
# removed afterwards unless one was there before; a daemon started anyway is stopped.
service_tests() {
  local service=()
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || service+=(nginx)
  command -v wrk >/dev/null 2>&1 || service+=(wrk)
  if [ ${#service[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${service[*]} for the service tests..." >&2
    local policy=/usr/sbin/policy-rc.d placed=false running_before=false
    pgrep -x nginx >/dev/null 2>&1 && running_before=true
    if [ ! -e "$policy" ]; then
      printf '#!/bin/sh\n# Placed by LiveRules scripts/setup.sh while installing nginx: start no daemon.\nexit 101\n' >"$policy"
      chmod 755 "$policy"
      placed=true
      trap 'rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${service[@]}" >/dev/null; } || true
    if [ "$placed" = true ]; then
      rm -f "$policy"
      trap - EXIT
    fi
    if [ "$running_before" = false ] && pgrep -x nginx >/dev/null 2>&1; then
      service nginx stop >/dev/null 2>&1 || /usr/sbin/nginx -s quit >/dev/null 2>&1 || true
    fi
  fi
  if ! { command -v nginx || [ -x /usr/sbin/nginx ]; } >/dev/null 2>&1 || ! command -v wrk >/dev/null 2>&1; then
    echo "The service tests need nginx and wrk: sudo apt-get install -y nginx wrk (then: sudo service nginx stop)" >&2
  fi
}

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists lua5.4 2>/dev/null || missing+=(liblua5.4-dev)
pkg-config --exists libcrypto 2>/dev/null || missing+=(libssl-dev)
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
optional=()
command -v luacheck >/dev/null 2>&1 || optional+=(lua-check)
[ "${1:-}" = "--browser" ] && browser_tests
[ ${#missing[@]} -eq 0 ] && [ ${#optional[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  apt=(apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  apt=(sudo apt-get)
elif [ ${#missing[@]} -eq 0 ]; then
  echo "note: luacheck is not installed, so \`liverules check\` skips lint; to lint rules too:" >&2
  echo "  sudo apt-get install -y lua-check          (Debian, Ubuntu)" >&2
  echo "  luarocks install luacheck                  (elsewhere)" >&2
  exit 0
else
  echo "LiveRules needs ${missing[*]}; install it as root:" >&2
  echo "  sudo apt-get install -y ${missing[*]} lua-check      (Debian, Ubuntu; lua-check lints rules)" >&2
  echo "  brew install lua@5.4 openssl@3 curl pkg-config  (macOS; then see the README, Lua on macOS)" >&2
  exit 1
fi
echo "Installing ${missing[*]} ${optional[*]}..." >&2
"${apt[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq "${missing[@]}" "${optional[@]}" >/dev/null
pkg-config --exists lua5.4
command -v luacheck >/dev/null 2>&1
