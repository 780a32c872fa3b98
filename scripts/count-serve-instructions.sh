#!/usr/bin/env bash
# Machine instructions per request of `liverules serve` (the whole server process: HTTP, reading
# the body, presenting, writing the answer) against those per presentation in process
# (`bench --serving`), both on every fixture of a pack in turn, counted by valgrind's callgrind:
# exact figures that neither a loaded machine nor a load generator sharing the cores blurs. The
# server's counters are dumped after 100 and after 600 requests over one keep-alive connection;
# the difference divided by 500 leaves out setup. Their ratio is the throughput `serve` reaches
# against presenting in process on the same cores, as far as instructions tell.
#   scripts/count-serve-instructions.sh [PACK] [liverules binary]   # default rules/meetings
set -euo pipefail
cd "$(dirname "$0")/.."
pack=${1:-rules/meetings}
binary=${2:-}
name=count-serve-instructions
if [ -z "$binary" ]; then
  swift build -c release --traits Studio --product liverules >/dev/null
  binary=.build/release/liverules
fi
. scripts/callgrind-liverules.sh
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$scratch"' EXIT

valgrind --tool=callgrind --callgrind-out-file="$scratch/serve.%p" "$scratch/liverules" serve "$pack" --port 0 \
  > "$scratch/serve.out" 2> "$scratch/serve.err" &
server=$!
for _ in $(seq 1 600); do grep -q "http://" "$scratch/serve.out" 2>/dev/null && break; sleep 0.1; done
port=$(grep -o 'http://[0-9.]*:[0-9]*' "$scratch/serve.out" | head -1 | sed 's/.*://')
[ -n "$port" ] || { echo "$name: the server did not start" >&2; cat "$scratch/serve.err" >&2; exit 1; }
dump() {  # the server's instructions since the last dump
  callgrind_control -d "$server" >/dev/null 2>&1
  ls "$scratch"/serve.* | sort -V | tail -1 | xargs awk '/^(summary|totals):/ { print $2; exit }'
}
send() {  # count: POSTs that many fixtures of the pack in turn over one connection
  python3 - "$port" "$pack" "$1" <<'PY'
import glob, http.client, sys
port, pack, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
bodies = [open(f, 'rb').read() for f in sorted(glob.glob(pack + '/fixtures/*.json'))]
name = pack.rstrip('/').split('/')[-1]
connection = http.client.HTTPConnection('127.0.0.1', port, timeout=600)
for index in range(count):
    connection.request('POST', f'/v1/{name}/present', bodies[index % len(bodies)], {'Content-Type': 'application/json'})
    answer = connection.getresponse()
    answer.read()
    assert answer.status == 200, answer.status
PY
}
send 100
dump >/dev/null
send 600
request=$(( $(dump) / 600 ))
count() {  # iterations -> instructions of the whole run
  valgrind --tool=callgrind --callgrind-out-file="$scratch/bench" "$scratch/liverules" bench "$pack" --serving \
    --iterations "$1" --deadline 60000 2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}
presentation=$(( ($(count 1200) - $(count 200)) / 1000 ))
printf '%s: %d instructions per request served, %d per presentation in process: %s of them presenting\n' \
  "$pack" "$request" "$presentation" "$(awk -v r="$request" -v p="$presentation" 'BEGIN { printf "%.0f%%", p / r * 100 }')"
