#!/usr/bin/env bash
# Machine instructions per request of `liverules serve` (the whole server process: HTTP, reading
# the body, presenting, writing the answer) against those per input in process of the same work
# without HTTP (`bench --serving --round-trip`: read the JSON, present, write the JSON) and of
# presenting alone (`bench --serving`), all on every fixture of a pack in turn, counted by valgrind's callgrind:
# exact figures that neither a loaded machine nor a load generator sharing the cores blurs. The
# server's counters are dumped after 100 requests over one keep-alive connection and again after
# 1,000 more, whose count divided by 1,000 leaves out setup (LOW / 2 and HIGH - LOW of the sizes
# in callgrind-liverules.sh). Their ratio is the throughput `serve`
# reaches against presenting in process on the same cores, as far as instructions tell. Beside
# them, callgrind's cache model, set to one core of the machine type CI uses (32 KiB L1i and L1d,
# 512 KiB L2; `lscpu`), counts the L2 misses of a request and of the work in process: what the
# instructions leave out of the time, since a miss costs tens of cycles; they are printed apart
# for code fetched and data, and by object file (`callgrind-objects.py`).
# With CONNECTIONS=N the /present requests come over N connections at once (N threads sending in
# turn), so that a loop finds several ready together, as under load; by default over one.
#   [CONNECTIONS=N] Benchmarks/scripts/count-serve-instructions.sh [PACK] [liverules binary]   # default rules/meetings
set -euo pipefail
. "$(dirname "$0")/../scripts/from-caller.sh"
pack=$(from_caller "${1:-}" rules/meetings)
binary=$(from_caller "${2:-}")
cd "$root"
name=count-serve-instructions
. Benchmarks/scripts/callgrind-liverules.sh
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$scratch"' EXIT

valgrind --tool=callgrind "${caches[@]}" --callgrind-out-file="$scratch/serve.%p" "$scratch/liverules" serve "$pack" --port 0 --loop-deadline 1000 \
  > "$scratch/serve.out" 2> "$scratch/serve.err" &
server=$!
. Benchmarks/scripts/await-server.sh
url=$(await_server "$name" "$server" "$scratch/serve.out" "$scratch/serve.err")
port=${url##*:}
latest() { ls "$scratch"/serve.* | sort -V | tail -1; }  # the server's last dump
dump() {  # the server's instructions and L2 misses of code and of data since the last dump
          # (events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw)
  callgrind_control -d "$server" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2, $8, $9 + $10; exit }' "$(latest)"
}
send() {  # count [lines]: POSTs that many fixtures of the pack in turn to /present, over
          # $CONNECTIONS connections at once, or with lines to /batch that many lines at a time
          # over one
  python3 - "$port" "$pack" "${CONNECTIONS:-1}" "$@" <<'PY'
import glob, http.client, json, sys, threading
port, pack, connections, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
lines = int(sys.argv[5]) if len(sys.argv) > 5 else 0
bodies = [open(f, 'rb').read() for f in sorted(glob.glob(pack + '/fixtures/*.json'))]
name = pack.rstrip('/').split('/')[-1]
failures = []
def send(indices):
    connection = http.client.HTTPConnection('127.0.0.1', port, timeout=600)
    for index in indices:
        if lines:
            body = b''.join(json.dumps(json.loads(bodies[(index + i) % len(bodies)])).encode() + b'\n' for i in range(lines))
            connection.request('POST', f'/v1/{name}/batch', body, {'Content-Type': 'application/x-ndjson'})
        else:
            connection.request('POST', f'/v1/{name}/present', bodies[index % len(bodies)], {'Content-Type': 'application/json'})
        answer = connection.getresponse()
        text = answer.read()
        if answer.status != 200 or b'"error"' in text:
            failures.append((answer.status, text[:300]))
indices = list(range(0, count, max(lines, 1)))
parts = 1 if lines else connections
threads = [threading.Thread(target=send, args=(indices[k::parts],)) for k in range(parts)]
for thread in threads: thread.start()
for thread in threads: thread.join()
assert not failures, failures[0]
PY
}
moved() {  # presentations moved off the event loop so far
  python3 -c "import urllib.request, sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())" \
    "http://127.0.0.1:$port/metrics" | awk '/^liverules_presentations_moved_total/ { sum += $2 } END { print sum + 0 }'
}
requests=$((high - low))  # counted, after low / 2 to warm up; /batch: high lines, requests / 10 a request
lines=$(( requests / 10 > 0 ? requests / 10 : 1 ))
send $(( (low + 1) / 2 ))
dump >/dev/null
movedBefore=$(moved)
send "$requests"
read -r request requestCode requestData <<< "$(dump)"
request=$(( request / requests )) requestCode=$(( requestCode / requests )) requestData=$(( requestData / requests ))
requestDump=$(latest)
# Under valgrind every instruction is slower, hence the longest loop deadline: a presentation that
# overstayed it would run twice and the count would not be a request's. None of those counted
# may have moved (the first ones, while valgrind translates the code, may overstay even that).
movedCounted=$(( $(moved) - movedBefore ))
[ "$movedCounted" = 0 ] || { echo "$name: $movedCounted presentations moved off the event loop under valgrind: the count is not a request's" >&2; exit 1; }
send "$requests" "$lines"
dump >/dev/null
send "$high" "$lines"
line=$(( $(dump | cut -d' ' -f1) / high ))
# The same lines through `payload --batch` in process: high and low of them.
python3 - "$pack" "$scratch" "$low" "$high" <<'PY'
import glob, json, sys
pack, scratch = sys.argv[1], sys.argv[2]
bodies = [json.dumps(json.load(open(f))) for f in sorted(glob.glob(pack + '/fixtures/*.json'))]
for count in map(int, sys.argv[3:]):
    with open(f'{scratch}/lines.{count}', 'w') as out:
        out.writelines(bodies[i % len(bodies)] + '\n' for i in range(count))
PY
batching() { instructions "$scratch/liverules" payload --batch "$pack" "$scratch/lines.$1" --workers 1; }
batch=$(per_item "$(batching "$low")" "$(batching "$high")")
count() {  # iterations, bench options... -> instructions and L2 misses of code and of data of the whole run
  counted "$scratch/bench.$1${2:-}" "$scratch/liverules" bench "$pack" --serving --iterations "$@" --deadline 60000
}
per() { per_items "$(count "$low" "$@")" "$(count "$high" "$@")"; }  # bench options... -> the same per presentation
read -r presentation presentationCode presentationData <<< "$(per)"
read -r roundtrip roundtripCode roundtripData <<< "$(per --round-trip)"
ratio() { awk -v r="$1" -v p="$2" 'BEGIN { printf "%.0f%%", p / r * 100 }'; }
printf '%s, /present over %s connection(s) at once, instructions per input (and the throughput serve reaches against the in-process work):\n' "$pack" "${CONNECTIONS:-1}"
printf '  serve, a request to /present              %9d\n' "$request"
printf '  in process, JSON in and out               %9d   /present reaches %s\n' "$roundtrip" "$(ratio "$request" "$roundtrip")"
printf '  in process, presenting alone              %9d   /present reaches %s\n' "$presentation" "$(ratio "$request" "$presentation")"
printf '  serve, a line of /batch (%3d a request)   %9d\n' "$lines" "$line"
printf '  in process, a line of payload --batch     %9d   /batch reaches %s\n' "$batch" "$(ratio "$line" "$batch")"
printf '  in process, presenting alone              %9d   /batch reaches %s\n' "$presentation" "$(ratio "$line" "$presentation")"
printf 'L2 misses per input (%s cache model, one core): all, of code fetched, of data\n' "${caches[*]:1}"
printf '  serve, a request to /present              %9d %9d %9d\n' $((requestCode + requestData)) "$requestCode" "$requestData"
printf '  in process, JSON in and out               %9d %9d %9d\n' $((roundtripCode + roundtripData)) "$roundtripCode" "$roundtripData"
printf '  in process, presenting alone              %9d %9d %9d\n' $((presentationCode + presentationData)) "$presentationCode" "$presentationData"
python3 Benchmarks/scripts/callgrind-objects.py "$requestDump" "$requests" "$scratch/bench.$high--round-trip" "$scratch/bench.$low--round-trip" "$requests"
