#!/usr/bin/env python3
"""Writes a copy of the meetings pack with generated fixtures and no goldens, for measuring the
golden runner at scale: a day of meetings (the bundled countdown-middle fixture's) at `count`
moments spread from 06:00 to 16:00 UTC, with and without a late notice and a previous phase, as
GoldenBenchmarks generates them.
    Benchmarks/scripts/generate-fixtures.py <count> <folder>      (the pack is written to <folder>/meetings)"""
import datetime
import json
import os
import shutil
import sys

count, folder = int(sys.argv[1]), sys.argv[2]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
pack = os.path.join(folder, "meetings")
shutil.copytree(os.path.join(root, "rules", "meetings"), pack,
                ignore=shutil.ignore_patterns("fixtures", "golden"))
os.makedirs(os.path.join(pack, "fixtures"))
os.makedirs(os.path.join(pack, "golden"))
template = json.load(open(os.path.join(root, "rules", "meetings", "fixtures", "countdown-middle.json")))
start = datetime.datetime(2026, 3, 2, 6, 0, tzinfo=datetime.timezone.utc)
phases = ["upcoming", "countdown", "progress", "combo", "done"]


def iso(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


for index in range(count):
    fixture = json.loads(json.dumps(template))
    now = start + datetime.timedelta(seconds=round(index * 36000 / count))
    fixture["now"] = iso(now)
    fixture["previousPhase"] = phases[index % len(phases)]
    if index % 3 == 0:
        fixture["state"]["lateNotice"] = {"meetingId": "design", "sentAt": iso(now - datetime.timedelta(seconds=60)),
                                          "channel": "Slack"}
    fixture["description"] = "generated moment %d" % index
    with open(os.path.join(pack, "fixtures", "moment-%04d.json" % index), "w") as out:
        json.dump(fixture, out, indent=2, sort_keys=True)
