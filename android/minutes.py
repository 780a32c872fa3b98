#!/usr/bin/env python3
"""Writes the `liverules payload --batch` input the Android tests present: for every bundled
fixture, the fixture itself and one line per minute of its timeline (the span of the dates in
its attributes and state and its `now`, an hour from `now` when that is one moment, as
`liverules timeline` takes it). A line is written once however many fixtures share it, in
chunks of at most CHUNK lines (`<pack>.<n>.jsonl`, presented side by side), and `fixtures.json`
says which line each fixture's moments are: [{pack, fixture, from, own, minutes: [[chunk, line], …]}].

Usage: minutes.py <rules-dir> <out-dir>"""
import datetime
import json
import pathlib
import re
import sys

CHUNK = 2500
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")


def seconds(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def dates(value):
    """Every ISO-8601 date in a fixture's value (dates are the only such texts)."""
    if isinstance(value, str) and ISO.match(value):
        yield seconds(value)
    elif isinstance(value, dict):
        for member in value.values():
            yield from dates(member)
    elif isinstance(value, list):
        for element in value:
            yield from dates(element)


def iso(moment):
    return datetime.datetime.fromtimestamp(moment, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main(rules, out):
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for pack in sorted(p.name for p in rules.iterdir() if (p / "pack.json").exists()):
        lines, where = [], {}

        def place(line):
            text = json.dumps(line, sort_keys=True, ensure_ascii=False)
            if text not in where:
                where[text] = (len(lines) // CHUNK, len(lines) % CHUNK)
                lines.append(text)
            return list(where[text])

        for path in sorted((rules / pack / "fixtures").glob("*.json")):
            fixture = json.loads(path.read_text())
            now = seconds(fixture["now"])
            span = [*dates(fixture.get("attributes")), *dates(fixture.get("state")), now]
            start, end = min(span), max(span)
            end = end if end > start else start + 3600
            own = {key: fixture[key] for key in ("attributes", "state", "now", "previousPhase") if key in fixture}
            base = {key: fixture[key] for key in ("attributes", "state") if key in fixture}
            minutes = [place({**base, "now": iso(start + 60 * step)}) for step in range(int((end - start) // 60) + 1)]
            index.append({"pack": pack, "fixture": path.stem, "from": int(start), "own": place(own), "minutes": minutes})
        for chunk in range(0, len(lines), CHUNK):
            (out / f"{pack}.{chunk // CHUNK}.jsonl").write_text("\n".join(lines[chunk:chunk + CHUNK]) + "\n")
    (out / "fixtures.json").write_text(json.dumps(index))


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
