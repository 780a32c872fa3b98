#!/usr/bin/env python3
"""L2 misses per input by object file (the binary, each shared library), from callgrind outputs
made with --cache-sim=yes: what count-serve-instructions.sh prints under its totals.

    callgrind-objects.py SERVE_DUMP REQUESTS HIGH_RUN LOW_RUN INPUTS

SERVE_DUMP holds the server's counts of REQUESTS requests (a dump after the counters were last
dumped); HIGH_RUN and LOW_RUN are whole in-process runs whose difference is INPUTS inputs. Each
file's self costs are summed by the object named in its `ob=` lines (callgrind compresses names:
`ob=(3) /path` names object 3, later `ob=(3)` refers to it, and `cob=` lines name objects too;
without compression, `ob=/path`).
"""
import collections
import re
import sys

NAME = re.compile(r'(c?ob)=(?:\((\d+)\))?\s*(.*)')


def by_object(path):
    """(event names, {object: [self cost per event]}) of one callgrind output file."""
    events, names, current, after_calls = [], {}, '?', False
    sums = collections.defaultdict(lambda: [0] * len(events))
    with open(path, errors='replace') as lines:
        for line in lines:
            if line.startswith('events:'):
                events = line.split()[1:]
            elif line.startswith(('ob=', 'cob=')):
                kind, number, name = NAME.match(line).groups()  # no number: names not compressed
                name = name.strip()
                if number is not None and name:
                    names[number] = name
                if kind == 'ob':
                    current = names.get(number, name) if number is not None else name
            elif line.startswith('calls='):
                after_calls = True  # the next cost line is the call's inclusive cost
            elif line[:1].isdigit() or line[:1] in '+-*':
                if after_calls:
                    after_calls = False
                    continue
                costs = [int(value) for value in line.split()[1:]]
                total = sums[current]
                for index, value in enumerate(costs):
                    total[index] += value
    return events, sums


def per_input(path, inputs, minus=None):
    """{object: {event: cost per input}}, less the costs of `minus` when given."""
    events, sums = by_object(path)
    lower = by_object(minus)[1] if minus else {}
    result = {}
    for name in set(sums) | set(lower):
        high, low = sums.get(name, [0] * len(events)), lower.get(name, [0] * len(events))
        result[name] = {event: (high[i] - low[i]) / inputs for i, event in enumerate(events)}
    return result


def main():
    serve_dump, requests, high_run, low_run, inputs = sys.argv[1:6]
    serve = per_input(serve_dump, int(requests))
    process = per_input(high_run, int(inputs), minus=low_run)
    def misses(costs):
        return costs.get('ILmr', 0), costs.get('DLmr', 0) + costs.get('DLmw', 0)
    order = sorted(serve, key=lambda name: -sum(misses(serve[name])))
    print('L2 misses per input by object, code / data: serve, a request to /present; in process, JSON in and out')
    for name in order[:8]:
        code, data = misses(serve[name])
        process_code, process_data = misses(process.get(name, {}))
        print(f'  {name.rsplit("/", 1)[-1]:<42} {code:7.0f} / {data:6.0f}    {process_code:7.0f} / {process_data:6.0f}')


if __name__ == '__main__':
    main()
