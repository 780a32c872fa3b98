#!/bin/sh
# Exits 0 when the browser tests and benchmarks can run here: Playwright for Python and Debian's
# chromium (scripts/setup.sh --browser installs both as root); 1 otherwise. Prints nothing.
python3 -c "import playwright" 2>/dev/null || exit 1
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1
