#!/usr/bin/env bash
# Service throughput: `liverules serve` under wrk (Debian's package) on loopback, every fixture of
# a pack POSTed to /v1/<pack>/present in turn, beside `liverules bench --serving` presenting the
# same fixtures in process on one thread, alone and with their JSON read and written
# (`--round-trip`, the work a request does without HTTP). Prints both rates and wrk's latency percentiles, and
# the server's own CPU time per request (from /proc, so wrk's share of the cores is left out)
# against the in-process time per presentation: the ratio is the throughput `serve` reaches,
# relative to presenting in process, on the same cores.
#
#   Benchmarks/scripts/bench-serve.sh [PACK] [SECONDS] [CONNECTIONS]   # default rules/meetings, 10, 16
#
# Uses $LIVERULES when set, else builds .build/release/liverules with the Studio and Service traits.
set -euo pipefail
cd "$(dirname "$0")/../.."
pack=${1:-rules/meetings}
seconds=${2:-10}
connections=${3:-16}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
if [ -z "${LIVERULES:-}" ]; then
    swift build -c release --traits Studio,Service --product liverules >/dev/null
    LIVERULES=.build/release/liverules
fi
work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

# wrk's script: the pack's fixtures as request bodies, sent in turn.
{
    echo 'local bodies, next = {}, 0'
    for fixture in "$pack"/fixtures/*.json; do
        printf 'bodies[#bodies + 1] = [==[%s]==]\n' "$(cat "$fixture")"
    done
    echo 'wrk.method = "POST"'
    echo 'wrk.headers["Content-Type"] = "application/json"'
    echo 'request = function() next = next % #bodies + 1 return wrk.format(nil, nil, nil, bodies[next]) end'
} > "$work/present.lua"

"$LIVERULES" serve "$pack" --port 0 --max-concurrent 1024 > "$work/serve.out" 2> "$work/serve.err" &
server=$!
for _ in $(seq 1 200); do grep -q "http://" "$work/serve.out" 2>/dev/null && break; sleep 0.05; done
url=$(grep -o 'http://[0-9.:]*' "$work/serve.out" | head -1)
name=$(basename "$pack")
echo "$(nproc) cores, $pack, $(ls "$pack"/fixtures/*.json | wc -l) fixtures; in process: $LIVERULES bench --serving"
"$LIVERULES" bench "$pack" --serving --iterations 20000 > "$work/bench.out"
"$LIVERULES" bench "$pack" --serving --round-trip --iterations 20000 > "$work/round-trip.out"
for out in bench round-trip; do grep -E "^timed|per second|mean" "$work/$out.out"; done
echo "over HTTP: wrk -t2 -c$connections -d${seconds}s $url/v1/$name/present"
# The server's user and system CPU time, in clock ticks.
user() { awk '{ print $14 }' "/proc/$server/stat"; }
system() { awk '{ print $15 }' "/proc/$server/stat"; }
# Context switches of all the server's threads, voluntary (a thread waiting, for a hand-off or I/O)
# and not (the scheduler taking its core).
switches() { cat /proc/"$server"/task/*/status | awk '/^(non)?voluntary_ctxt_switches/ { sum += $2 } END { print sum }'; }
userBefore=$(user)
systemBefore=$(system)
switchesBefore=$(switches)
wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/present.lua" "$url/v1/$name/present" > "$work/wrk.out"
userAfter=$(user)
systemAfter=$(system)
switchesAfter=$(switches)
grep -E "requests in|Requests/sec|Non-2xx|Socket errors|^ +(50|90|99)%" "$work/wrk.out"
requests=$(awk '/requests in/ { print $1 }' "$work/wrk.out")
mean() { awk '/time per presentation, mean/ { print $(NF - 1) }' "$work/$1.out"; }
awk -v user="$((userAfter - userBefore))" -v kernel="$((systemAfter - systemBefore))" -v hz="$(getconf CLK_TCK)" -v requests="$requests" -v alone="$(mean bench)" \
    -v trip="$(mean round-trip)" -v switches="$((switchesAfter - switchesBefore))" 'BEGIN {
    cpu = (user + kernel) / hz / requests * 1e6
    printf "server CPU per request: %.1f µs (%d requests), of it in the kernel %.1f µs\n", cpu, requests, kernel / hz / requests * 1e6
    printf "context switches per request, all the server'"'"'s threads: %.2f\n", switches / requests
    printf "throughput on the same cores, serve against JSON in and out in process (%.1f µs): %.0f%%\n", trip, trip / cpu * 100
    printf "throughput on the same cores, serve against presenting alone in process (%.1f µs): %.0f%%\n", alone, alone / cpu * 100
}'
