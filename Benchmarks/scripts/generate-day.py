#!/usr/bin/env python3
"""Writes a copy of the meetings pack whose fixtures are one day of `meetings` meetings: the
bundled countdown-middle fixture's five, after meetings added earlier that day (ended before it
starts, so the rules present the same moment). With --changing there are two fixtures whose
states differ in one title (an update that changes one meeting), with --every-changing two whose
every meeting's title differs; presented in turn, the state is pushed and checked every time.
Without either, one fixture, presented again and again with the same state. For measuring what
each added meeting costs (Benchmarks/scripts/count-meeting-cost.sh).
    Benchmarks/scripts/generate-day.py <meetings> <folder> [--changing | --every-changing]
(the pack is <folder>/meetings)"""
import json
import os
import shutil
import sys

count, folder = int(sys.argv[1]), sys.argv[2]
every = "--every-changing" in sys.argv[3:]
changing = every or "--changing" in sys.argv[3:]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
pack = os.path.join(folder, "meetings")
shutil.copytree(os.path.join(root, "rules", "meetings"), pack, ignore=shutil.ignore_patterns("fixtures", "golden"))
os.makedirs(os.path.join(pack, "fixtures"))
os.makedirs(os.path.join(pack, "golden"))
template = json.load(open(os.path.join(root, "rules", "meetings", "fixtures", "countdown-middle.json")))
bundled = template["state"]["meetings"]
for variant in range(2 if changing else 1):
    fixture = json.loads(json.dumps(template))
    earlier = []
    for index in range(max(count - len(bundled), 0)):
        minute = index * 7 % 420  # 00:00 to 07:00 UTC, before the first bundled meeting
        earlier.append({"id": "early-%d" % index, "title": "Early call %d" % index + (" (moved)" if variant and (every or index == 0) else ""),
                        "start": "2026-03-02T%02d:%02d:00Z" % (minute // 60, minute % 60),
                        "end": "2026-03-02T%02d:%02d:30Z" % (minute // 60, minute % 60),
                        "location": "Room %d" % index, "calendarColor": "#34C759"})
    fixture["state"]["meetings"] = (earlier + bundled)[-count:] if count < len(bundled) else earlier + bundled
    fixture["description"] = "a day of %d meetings" % count
    with open(os.path.join(pack, "fixtures", "day-%d.json" % variant), "w") as out:
        json.dump(fixture, out, indent=2, sort_keys=True)
