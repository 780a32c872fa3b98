"""The studio's Android surface draws what the Kotlin library in android/ draws for every case of
the bundled packs at 393 px (the mapping of the article "Android notifications"): one
chronometer at most, its field's words as the header's sub-text; a timer without hours as its whole
minutes ("67'"), in its slot's place; the title and the text line as
the mapping joins them, computed here from the cases' presentations the server answers; one bar
at most; the quick reply as an action; no glyph. The page's clock is held at the case's now.
Run by scripts/test.sh:

    python3 Tests/Browser/test_android_surface.py
"""
import json
import math
import pathlib
import re
import sys
import unittest
from datetime import datetime


sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from studio_harness import PATIENCE_MS, StudioInBrowser, open_studio  # noqa: E402

SEPARATOR = " · "
# The fields the example app draws as quick replies, by pack (as android/'s tests name them).
QUICK_REPLIES = {"meetings": {"runningLate"}}

# What each Android surface of the light and dark rows shows, read from the DOM.
READ = """() => {
  studio.fitAll();
  const out = [];
  for (const figure of document.querySelectorAll('div.appearance:not(.stale) > .surfaces > figure[data-surface="androidOngoing"]')) {
    // Each emoji drawn as a shape read as its characters (its label).
    const read = (node) => { const copy = node.cloneNode(true);
      for (const shape of copy.querySelectorAll("svg.emoji")) shape.replaceWith(shape.getAttribute("aria-label"));
      return copy.textContent; };
    const text = (selector) => [...figure.querySelectorAll(selector)].map(read).join("");
    const chronometers = [...figure.querySelectorAll(".chronometer")];
    out.push({
      case: figure.closest("article.case").dataset.case, appearance: figure.closest("div.appearance").dataset.appearance,
      chronometers: chronometers.map((node) => [node.dataset.field, read(node)]),
      words: text(".sub-text"), title: text('[data-slot="title"]'), line: text('[data-slot="text"]'),
      chip: text('[data-slot="chip"]'), bars: figure.querySelectorAll(".meter").length,
      actions: [...figure.querySelectorAll("button[data-field]")].map((node) => [node.dataset.field, read(node)]),
      glyphs: figure.querySelectorAll(".glyph, .glyph-box").length,
    });
  }
  return out;
}"""

PERCENTAGE = re.compile(r"[0-9]{1,3}%")


def seconds(date):
    return datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp()


def timer_seconds(timer, now):
    """Whole seconds `timer` shows at `now` (Unix seconds), as LiveForm.reading(at:) counts them."""
    span = seconds(timer["date"]) - now if timer["counts"] == "down" else now - seconds(timer["date"])
    ms = math.floor(span * 1000 + 0.5)
    return 0 if ms <= 0 else (ms + 999) // 1000 if timer["counts"] == "down" else ms // 1000


def expected(presentation, now, replies):
    """What the mapping shows at `now` (Unix seconds): the chronometer's field, its words, the
    title, the text line, the chip's text and the actions."""
    fields = presentation["layout"].get("androidOngoing", {"fields": []})["fields"]
    slot = lambda position, field: field.get("slot") or ("title" if position == 0 else "text")  # noqa: E731
    live = lambda field: field.get("live") or {}  # noqa: E731
    minutes = lambda field: live(field).get("timer", {}).get("showsHours") is False  # noqa: E731
    timers = [(position, field) for position, field in enumerate(fields) if "timer" in live(field) and not minutes(field)]
    timed = next((each for each in timers if slot(*each) == "chip"), timers[0] if timers else None)
    barred = next((position for position, field in enumerate(fields) if "progress" in live(field)), None)
    if barred is None:
        barred = next((position for position, field in enumerate(fields) if slot(position, field) == "progress" and not live(field)
                       and PERCENTAGE.fullmatch(field["text"]) and int(field["text"][:-1]) <= 100), None)
    running = False
    if timed:
        timer = live(timed[1])["timer"]
        running = now < seconds(timer["date"]) if timer["counts"] == "down" else now >= seconds(timer["date"])
    lines = {"title": [], "text": [], "chip": []}
    actions = []
    for position, field in enumerate(fields):
        if timed and position == timed[0]:
            if running:
                continue
            timer = live(field)["timer"]
            text = timer.get("prefix", "") + "0:00" + timer.get("suffix", "")
        elif minutes(field):
            timer = live(field)["timer"]
            text = timer.get("prefix", "") + f"{timer_seconds(timer, now) // 60}'" + timer.get("suffix", "")
        elif position == barred or live(field):
            continue
        elif field["id"] in replies:
            actions.append([field["id"], field["text"]])
            continue
        else:
            text = field["text"]
        lines[slot(position, field) if slot(position, field) in ("title", "chip") else "text"].append(text)
    words = ""
    if running:
        timer = live(timed[1])["timer"]
        words = " ".join(part for part in (timer.get("prefix", "").strip(), timer.get("suffix", "").strip()) if part)
    return {"chronometer": timed[1]["id"] if running else None, "words": words, "title": SEPARATOR.join(lines["title"]),
            "line": SEPARATOR.join(lines["text"]), "chip": SEPARATOR.join(lines["chip"]) if lines["chip"] else None,
            "actions": actions}


class AndroidSurfaceTests(StudioInBrowser):
    def test_the_android_surface_draws_the_mapping(self):
        page = self.browser.new_page(viewport={"width": 393, "height": 900})
        page.set_default_timeout(PATIENCE_MS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(page.close)
        open_studio(page, self.studio, self.total)
        # Every case drawn again with the page's clock at its case's now.
        page.evaluate("studio.clock = () => 0; redrawAll()")
        drawn = page.evaluate(READ)
        snapshot = json.loads(self.studio.get("api/studio", {"X-LiveRules-Token": self.studio.token}))
        cases = {item["id"]: (pack["path"], item) for pack in snapshot["packs"] for item in pack["cases"] if item.get("presentation")}
        self.assertEqual({each["case"] for each in drawn}, set(cases), "every case draws its Android surface")
        self.assertEqual(len(drawn), 2 * len(cases), "in light and dark")
        problems = []
        chronometers = minute_texts = 0
        for each in drawn:
            path, item = cases[each["case"]]
            minute_texts += sum(1 for field in item["presentation"]["layout"].get("androidOngoing", {"fields": []})["fields"]
                                if (field.get("live") or {}).get("timer", {}).get("showsHours") is False)
            want = expected(item["presentation"], item["now"], QUICK_REPLIES.get(pathlib.Path(path).name, set()))
            where = f"{each['case']} {each['appearance']}"
            chronometers += len(each["chronometers"])
            if len(each["chronometers"]) > 1:
                problems.append(f"{where}: {len(each['chronometers'])} chronometers")
            if [field for field, _ in each["chronometers"]] != ([want["chronometer"]] if want["chronometer"] else []):
                problems.append(f"{where}: chronometer {each['chronometers']}, the mapping's {want['chronometer']}")
            for field, clock in each["chronometers"]:
                if not re.fullmatch(r"\d{2}:\d{2}|\d+:\d{2}:\d{2}", clock):
                    problems.append(f"{where}: the chronometer reads {clock!r}, not in Android's form")
            for key in ("words", "title", "line", "actions"):
                if each[key] != want[key]:
                    problems.append(f"{where}: {key} {each[key]!r}, the mapping's {want[key]!r}")
            if want["chip"] is not None and each["chip"] != want["chip"]:
                problems.append(f"{where}: chip {each['chip']!r}, the mapping's {want['chip']!r}")
            if each["bars"] > 1:
                problems.append(f"{where}: {each['bars']} bars")
            if each["glyphs"]:
                problems.append(f"{where}: {each['glyphs']} glyphs drawn")
        print(f"{len(drawn)} Android surfaces, {chronometers} chronometers, {minute_texts} timers without hours as minutes",
              file=sys.stderr)
        self.assertEqual(problems[:30], [], f"{len(problems)} problems")
        self.assertGreater(chronometers, 50, "the packs' timers run as chronometers")
        self.assertGreater(minute_texts, 20, "the match clock is drawn as its minutes")
        self.assertEqual(errors, [], "the page's script raised errors")


if __name__ == "__main__":
    unittest.main(verbosity=2)
