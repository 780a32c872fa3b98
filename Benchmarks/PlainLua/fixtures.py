#!/usr/bin/env python3
"""Writes a pack's fixtures as one Lua chunk for harness.lua: plain tables, dates as Unix seconds
(as the host gives them to rules), and the UTC offsets of every time zone the fixtures name over the days they span (the host's
time-zone database, which plain Lua lacks, reduced to a table).
    fixtures.py <pack dir> > fixtures.lua"""
import datetime
import json
import os
import re
import sys
import zoneinfo

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$")


def seconds(text):
    moment = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    value = moment.timestamp()
    return int(value) if value == int(value) else value


def lua(value, dates):
    if value is None:
        return "nil"
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        if ISO.match(value):
            dates.append(seconds(value))
            return repr(seconds(value))
        return '"' + "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else "\\%03d" % b
                             for b in value.encode()) + '"'
    if isinstance(value, list):
        return "{" + ", ".join(lua(v, dates) for v in value) + "}"
    return "{" + ", ".join("[%s] = %s" % (lua(k, dates), lua(v, dates)) for k, v in value.items()) + "}"


def offsets(zone, first, last):
    """(from, offset seconds) at each change of the zone's UTC offset between first and last."""
    info = zoneinfo.ZoneInfo(zone)
    changes, previous = [], None
    for hour in range(int(first) // 3600 - 48, int(last) // 3600 + 49):
        moment = datetime.datetime.fromtimestamp(hour * 3600, tz=info)
        offset = int(moment.utcoffset().total_seconds())
        if offset != previous:
            changes.append((hour * 3600, offset))
            previous = offset
    return changes


def main():
    pack = sys.argv[1]
    names = sorted(n for n in os.listdir(os.path.join(pack, "fixtures")) if n.endswith(".json"))
    out, dates, zones = ["return {", "fixtures = {"], [], set()
    for name in names:
        fixture = json.load(open(os.path.join(pack, "fixtures", name)))
        zone = fixture.get("attributes", {}).get("timeZone")
        if zone:
            zones.add(zone)
        out.append("{ name = %s, now = %s, attributes = %s, state = %s, previous = %s }," % (
            lua(name, []), lua(fixture["now"], dates), lua(fixture.get("attributes", {}), dates),
            lua(fixture.get("state", {}), dates), lua(fixture.get("previousPhase"), [])))
    out.append("},")
    out.append("zones = {")
    for zone in sorted(zones):
        out.append("[%s] = {%s}," % (lua(zone, []), ", ".join("{%d, %d}" % c for c in offsets(zone, min(dates), max(dates)))))
    out.append("},")
    out.append("}")
    print("\n".join(out))


main()
