#!/usr/bin/env bash
# Service throughput: `liverules serve` under wrk (Debian's package) on loopback, every fixture of
# a pack POSTed to /v1/<pack>/present in turn, beside `liverules bench --serving` presenting the
# same fixtures in process on one thread, alone and with their JSON read and written
# (`--round-trip`, the work a request does without HTTP). The server's own CPU time per request
# (from /proc, so wrk's share of the cores is left out) against the in-process time per
# presentation is the throughput `serve` reaches, relative to presenting in process, on the same
# cores. The two are measured in turn, in rounds of 2 s of wrk each beside ~1 s of each in-process
# run, so that a machine whose speed drifts between seconds (a shared VM's does, by a third)
# slows both alike: each round's ratio is printed, then all rounds' together and their median.
# Each round ends with 1 s of `GET /health`, a request that does no work of its own (through the
# router, to a small answer): what a request costs this server as HTTP alone, so that what a
# `/present` costs beyond its work in process can be read against it.
#
#   Benchmarks/scripts/bench-serve.sh [PACK] [SECONDS] [CONNECTIONS]   # default rules/meetings, 10, 16
#
# Uses $LIVERULES when set, else builds .build/release/liverules with the Studio and Service traits.
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
pack=$(from_caller "${1:-}" rules/meetings)
LIVERULES=$(from_caller "${LIVERULES:-}")
cd "$root"
seconds=${2:-10}
connections=${3:-16}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }
if [ -z "${LIVERULES:-}" ]; then
    . Benchmarks/scripts/release-build.sh
    release_build liverules
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
. Benchmarks/scripts/await-server.sh
url=$(await_server bench-serve "$server" "$work/serve.out" "$work/serve.err")
name=$(basename "$pack")
rounds=$(( seconds / 2 > 0 ? seconds / 2 : 1 ))
echo "$(nproc) cores, $pack, $(ls "$pack"/fixtures/*.json | wc -l) fixtures; in process: $LIVERULES bench --serving; $rounds rounds"
echo "over HTTP: wrk -t2 -c$connections -d2s --timeout 30s $url/v1/$name/present, in each round"
# The server's user and system CPU time, in clock ticks.
user() { awk '{ print $14 }' "/proc/$server/stat"; }
system() { awk '{ print $15 }' "/proc/$server/stat"; }
# Context switches of all the server's threads, voluntary (a thread waiting, for a hand-off or I/O)
# and not (the scheduler taking its core).
switches() { cat /proc/"$server"/task/*/status | awk '/^(non)?voluntary_ctxt_switches/ { sum += $2 } END { print sum }'; }
mean() { awk '/time per presentation, mean/ { print $(NF - 1) }' "$work/$1.out"; }
# Presentations per in-process run: about a second's worth, from a first short run.
"$LIVERULES" bench "$pack" --serving --round-trip --iterations 500 > "$work/trip.out"
iterations=$(awk -v trip="$(mean trip)" 'BEGIN { n = int(1e6 / trip); print (n < 500 ? 500 : n) }')
wrk -t2 -c"$connections" -d1s --timeout 30s -s "$work/present.lua" "$url/v1/$name/present" > /dev/null  # warm up
: > "$work/rounds"
for round in $(seq 1 "$rounds"); do
    "$LIVERULES" bench "$pack" --serving --iterations "$iterations" > "$work/alone.out"
    "$LIVERULES" bench "$pack" --serving --round-trip --iterations "$iterations" > "$work/trip.out"
    userBefore=$(user) systemBefore=$(system) switchesBefore=$(switches)
    wrk -t2 -c"$connections" -d2s --timeout 30s --latency -s "$work/present.lua" "$url/v1/$name/present" > "$work/wrk.out"
    userAfter=$(user) systemAfter=$(system) switchesAfter=$(switches)
    wrk -t2 -c"$connections" -d1s --timeout 30s "$url/health" > "$work/health.out"
    healthTicks=$(( $(user) + $(system) - userAfter - systemAfter ))
    for out in wrk health; do
        if grep -qE "Non-2xx|Socket errors" "$work/$out.out"; then
            echo "bench-serve: round $round, $(sed -n 's/^Running .* @ //p' "$work/$out.out"):" >&2
            grep -E "Non-2xx|Socket errors" "$work/$out.out" >&2
            exit 1
        fi
    done
    # round, requests, seconds, user and kernel ticks, switches, in-process µs alone and round trip, p99,
    # requests to /health and their ticks
    echo "$round $(awk '/requests in/ { print $1, $4 }' "$work/wrk.out" | tr -d s,) $((userAfter - userBefore)) $((systemAfter - systemBefore)) \
$((switchesAfter - switchesBefore)) $(mean alone) $(mean trip) $(awk '$1 == "99%" { print $2 }' "$work/wrk.out") \
$(awk '/requests in/ { print $1 }' "$work/health.out" | tr -d ,) $healthTicks" >> "$work/rounds"
done
awk -v hz="$(getconf CLK_TCK)" '{
    cpu = ($4 + $5) / hz / $2 * 1e6
    ratio[NR] = $8 / cpu
    printf "round %d: %d requests (%.0f/s, p99 %s), server CPU %.1f µs a request (kernel %.1f), in process %.1f µs: %.0f%%; GET /health %.1f µs\n",
        $1, $2, $2 / $3, $9, cpu, $5 / hz / $2 * 1e6, $8, ratio[NR] * 100, $11 / hz / $10 * 1e6
    requests += $2; secs += $3; user += $4; kernel += $5; switches += $6; alone += $7; trip += $8; health += $10; healthTicks += $11
} END {
    cpu = (user + kernel) / hz / requests * 1e6; trip /= NR; alone /= NR
    for (i = 2; i <= NR; i++) for (j = i; j > 1 && ratio[j - 1] > ratio[j]; j--) { t = ratio[j]; ratio[j] = ratio[j - 1]; ratio[j - 1] = t }
    median = NR % 2 ? ratio[(NR + 1) / 2] : (ratio[NR / 2] + ratio[NR / 2 + 1]) / 2
    printf "all rounds: %d requests, %.0f a second\n", requests, requests / secs
    printf "server CPU per request: %.1f µs, of it in the kernel %.1f µs\n", cpu, kernel / hz / requests * 1e6
    printf "context switches per request, all the server'"'"'s threads: %.2f\n", switches / requests
    printf "throughput on the same cores, serve against JSON in and out in process (%.1f µs): %.0f%% (median of the rounds %.0f%%)\n", trip, trip / cpu * 100, median * 100
    printf "throughput on the same cores, serve against presenting alone in process (%.1f µs): %.0f%%\n", alone, alone / cpu * 100
    printf "a request to /present beyond its work in process: %.1f µs of the server'"'"'s CPU; GET /health, HTTP alone: %.1f µs\n", cpu - trip, healthTicks / hz / health * 1e6
}' "$work/rounds"
