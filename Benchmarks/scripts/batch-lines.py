#!/usr/bin/env python3
"""Prints JSON Lines input for `liverules payload --batch rules/match`: one activity per line.

    Benchmarks/scripts/batch-lines.py [COUNT] [MATCHES] > states.jsonl

COUNT lines (default 100000) for MATCHES matches (default 200) at one moment: line n is a
subscriber of match n % MATCHES, so every match's subscribers get identical payloads (what
`--group` counts). The matches vary in status, score, minute, latest event and team colours;
the output is the same on every run.
"""
import json
import random
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
matches = int(sys.argv[2]) if len(sys.argv) > 2 else 200
rng = random.Random(14)
TEAMS = [("Arsenal", "ARS", "#EF0107"), ("Chelsea", "CHE", "#034694"), ("Liverpool", "LIV", "#C8102E"),
         ("Everton", "EVE", "#003399"), ("Fulham", "FUL", None), ("Brentford", "BRE", "#E30613"),
         ("Wolves", "WOL", "#FDB913"), ("Newcastle", "NEW", "#241F20")]
KINDS = ["goal", "penaltyGoal", "ownGoal", "redCard", "yellowCard"]
NOW = "2026-05-16T16:15:00Z"


def iso(minutes_after_kickoff):
    total = 15 * 60 + minutes_after_kickoff  # kick-off 15:00
    return f"2026-05-16T{total // 60:02d}:{total % 60:02d}:00Z"


def match(index):
    home, away = rng.sample(TEAMS, 2)
    team = lambda t: {k: v for k, v in {"name": t[0], "code": t[1], "colour": t[2]}.items() if v}
    minute = rng.randint(1, 74)
    status = rng.choice(["live", "live", "live", "halfTime", "scheduled", "finished"])
    state = {"status": status, "score": {"home": rng.randint(0, 4), "away": rng.randint(0, 3)}, "updatedAt": iso(74)}
    if status == "scheduled":
        state["score"] = {"home": 0, "away": 0}
    else:
        state["minute"] = minute
        event = {"kind": rng.choice(KINDS), "team": rng.choice(["home", "away"]), "minute": minute, "at": iso(minute)}
        if rng.random() < 0.8:
            event["player"] = rng.choice(["Saka", "Palmer", "Salah", "Isak", "Neto"])
        state["lastEvent"] = event
    kickoff = "2026-05-16T17:00:00Z" if status == "scheduled" else "2026-05-16T15:00:00Z"
    return {"attributes": {"home": team(home), "away": team(away), "kickoff": kickoff, "timeZone": "Europe/London"},
            "state": state, "now": NOW, "previousPhase": "live", "previousTimestamp": 1778944000}


lines = [json.dumps(match(i), separators=(",", ":"), sort_keys=True) for i in range(matches)]
out = sys.stdout
for n in range(count):
    out.write(lines[n % matches])
    out.write("\n")
