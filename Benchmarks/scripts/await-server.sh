# Sourced by the scripts that start `liverules serve` in the background (bash). `await_server NAME
# PID OUTPUT ERRORS` waits until the server PID has printed its address to the file OUTPUT and
# prints it (http://HOST:PORT). It sets no short limit, since a loaded machine (or valgrind) may
# take long to start it: it stops when the server has ended, or after ten minutes, and then exits
# the script with status 1 and NAME's message, followed by the server's file of ERRORS.
await_server() {
  local name=$1 pid=$2 output=$3 errors=$4 waited=0 url=""
  while [ "$waited" -lt 6000 ]; do
    url=$(grep -o 'http://[0-9.]*:[0-9]*' "$output" 2>/dev/null | head -1 || true)
    [ -z "$url" ] && kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
    waited=$((waited + 1))
  done
  if [ -z "$url" ]; then
    echo "$name: the server did not start$(kill -0 "$pid" 2>/dev/null && echo " in ten minutes" || echo "; it ended") (its errors follow)" >&2
    cat "$errors" >&2
    exit 1
  fi
  echo "$url"
}
