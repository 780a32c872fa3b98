"""The preview studio in a real browser: headless Chromium loads the page from a running
`liverules preview`, and the tests read the rendered DOM, click Accept, edit rules on disk and
watch the page follow. Run by scripts/test.sh when chromium and Playwright are installed:

    python3 Tests/Browser/test_preview.py
"""
import http.server
import json
import pathlib
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.parse
import zlib

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from studio_harness import (  # noqa: E402
    ROOT, PATIENCE_MS, InBrowser, RunningStudio, case, fixture_count, launch, open_studio, run, settled_top)

SCREENSHOT = ROOT / ".build" / "preview-studio.png"
SURFACES = ["islandCompact", "islandMinimal", "islandExpanded", "lockScreen", "standBy", "watchSmartStack", "androidOngoing"]
APPEARANCES = ["light", "dark", "standByNight"]
# Only the combinations a device shows: the island and the Watch are always dark, StandBy is dark
# and red at night, the lock screen and Android are light and dark.
SURFACES_IN = {"light": ["lockScreen", "androidOngoing"], "dark": SURFACES, "standByNight": ["standBy"]}


def pixels(png):
    """The (red, green, blue) of every pixel of an 8-bit RGB or RGBA PNG, as a screenshot is, row by row."""
    width, height, depth, colour = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big"), png[24], png[25]
    assert depth == 8 and colour in (2, 6), (depth, colour)
    data, at = b"", 8
    while at < len(png):
        length, kind = int.from_bytes(png[at:at + 4], "big"), png[at + 4:at + 8]
        if kind == b"IDAT":
            data += png[at + 8:at + 8 + length]
        at += 12 + length
    raw, size = zlib.decompress(data), 3 if colour == 2 else 4
    stride, rows, previous = width * size, [], bytearray(width * size)
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - size] if i >= size else 0
            up, corner = previous[i], previous[i - size] if i >= size else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[i] = (line[i] + nearest) & 255
        rows.append(line)
        previous = line
    return [[(line[i], line[i + 1], line[i + 2]) for i in range(0, stride, size)] for line in rows]


def inside(rows):
    """The pixels away from a frame's rounded corners: its middle half, top to bottom, less 60 px each side."""
    height = len(rows)
    return [pixel for row in rows[height // 4:height - height // 4] for pixel in row[60:-60]]


class PreviewInBrowserTests(InBrowser):
    def setUp(self):
        self.studio = RunningStudio()
        self.total = fixture_count(self.studio.rules)
        self.page = self.browser.new_page(viewport={"width": 1440, "height": 900})
        self.page.set_default_timeout(PATIENCE_MS)
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        open_studio(self.page, self.studio, self.total)

    def tearDown(self):
        self.page.close()
        self.studio.stop()
        self.assertEqual(self.errors, [], "the page's script raised errors")

    def test_draws_every_case_on_every_surface_and_appearance(self):
        page = self.page
        combo = case(page, "meetings/combo-back-to-back-5-min")
        self.assertEqual(combo.get_attribute("data-status"), "unchanged")
        badge = combo.locator(".case-head .tone")
        self.assertEqual(badge.text_content(), "In progress")
        self.assertIn("tone-green", badge.get_attribute("class"))
        self.assertEqual(combo.locator("div.appearance").evaluate_all("nodes => nodes.map(n => n.dataset.appearance)"),
                         APPEARANCES + ["stale"])
        for appearance in APPEARANCES:
            surfaces = combo.locator(f'div.appearance[data-appearance="{appearance}"] figure.surface')
            self.assertEqual(surfaces.evaluate_all("nodes => nodes.map(n => n.dataset.surface)"), SURFACES_IN[appearance])
        self.assertEqual(page.locator("div.appearance:not(.stale) figure.surface").count(),
                         self.total * sum(len(surfaces) for surfaces in SURFACES_IN.values()))
        # Stale: the last content, dimmed and marked, then what the rules would push at the stale date.
        stale = case(page, "match/live-67-min").locator('div.appearance[data-appearance="stale"]')
        self.assertEqual(stale.locator("h4").text_content(), "Stale (from 2026-05-16T15:15:00Z): the last content, marked stale")
        self.assertEqual(stale.locator(".stale-content figure.surface").evaluate_all("nodes => nodes.map(n => n.dataset.surface)"), SURFACES)
        self.assertEqual(stale.locator(".stale-content .frame.stale").count(), len(SURFACES))
        self.assertIn("stale · Outdated", stale.locator("h5").text_content())
        # Fields in their slots, drawn to scale from the budgets; the badge field in its tone.
        lock = combo.locator('div.appearance[data-appearance="light"] figure[data-surface="lockScreen"]')
        self.assertEqual(lock.locator('[data-field="badge"]').get_attribute("class"), "field badge tone-green")
        self.assertEqual(lock.locator('[data-field="title"]').text_content(), "Design review")
        combo.scroll_into_view_if_needed()
        self.assertEqual(lock.locator(".frame").evaluate("n => n.getBoundingClientRect().width"), 343)
        compact = combo.locator('div.appearance[data-appearance="dark"] figure[data-surface="islandCompact"]')
        self.assertEqual(compact.locator('[data-placement="islandCompactLeading"] [data-field="title"]').text_content(), "DR")
        self.assertEqual(compact.locator('[data-placement="islandCompactTrailing"] [data-field="progress"]').text_content(), "83%")
        self.assertEqual(compact.locator(".frame").evaluate("n => getComputedStyle(n).backgroundColor"), "rgb(0, 0, 0)",
                         "the island is black")
        android = combo.locator('div.appearance[data-appearance="dark"] figure[data-surface="androidOngoing"]')
        self.assertEqual(android.locator('[data-slot="title"] [data-field]').first.text_content(), "Design review")
        standby = combo.locator('div.appearance[data-appearance="dark"] figure[data-surface="standBy"] .frame')
        self.assertEqual(standby.evaluate("n => n.getBoundingClientRect().width"), 686, "StandBy is the lock screen at 2x")
        # The other phone class.
        page.select_option("#phone-class", "430")
        case(page, "meetings/combo-back-to-back-5-min").scroll_into_view_if_needed()
        lock = case(page, "meetings/combo-back-to-back-5-min").locator(
            'div.appearance[data-appearance="light"] figure[data-surface="lockScreen"] .frame')
        self.assertEqual(lock.evaluate("n => n.getBoundingClientRect().width"), 380)
        # A palette fallback with its reason, and dropped fields listed.
        self.assertGreater(page.locator(".fallback").count(), 0)
        self.assertIn("fallback: ", page.locator(".fallback").first.text_content())
        # Filters and keyboard.
        page.select_option("#filter-status", "changed")
        self.assertEqual(page.locator("article.case:not([hidden])").count(), 0)
        page.select_option("#filter-status", "")
        page.select_option("#filter-pack", str(self.studio.rules / "meetings"))
        meetings = fixture_count(self.studio.rules, ["meetings"])
        self.assertEqual(page.locator("article.case:not([hidden])").count(), meetings)
        page.select_option("#filter-phase", "combo")
        self.assertTrue(page.locator("article.case:not([hidden])").evaluate_all("ns => ns.every(n => n.dataset.phase === 'combo')"))
        page.select_option("#filter-surface", "islandMinimal")
        self.assertEqual(page.locator("article.case:not([hidden]) figure.surface:not([hidden])").evaluate_all(
            "ns => [...new Set(ns.map(n => n.dataset.surface))]"), ["islandMinimal"])
        page.select_option("#filter-surface", "")
        page.locator("body").click(position={"x": 5, "y": 890})
        page.keyboard.press("j")
        first = page.locator("article.case:not([hidden])").first.get_attribute("data-case")
        self.assertEqual(page.evaluate("document.activeElement.dataset.case"), first)
        page.keyboard.press("j")
        self.assertNotEqual(page.evaluate("document.activeElement.dataset.case"), first)
        page.keyboard.press("Enter")
        self.assertTrue(page.evaluate("document.activeElement.querySelector('details.more').open"))
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.select_option("#filter-phase", "")
        settled_top(page, first)
        page.screenshot(path=str(SCREENSHOT))
        self.assertGreater(SCREENSHOT.stat().st_size, 10_000)

    def test_live_fields_tick_and_night_is_red(self):
        """The page keeps time as a device does after a push at the case's now (its clock set by
        the test, never waited for); StandBy at night is red, pills and glyphs included."""
        page = self.page
        page.evaluate("studio.clock = () => 0; liveTick()")
        middle = case(page, "meetings/countdown-middle")
        middle.scroll_into_view_if_needed()
        dark = middle.locator('div.appearance[data-appearance="dark"]')
        countdown = dark.locator('figure[data-surface="lockScreen"] [data-field="countdown"]')
        ring = dark.locator('figure[data-surface="islandMinimal"] [data-field="progress"] .meter')
        self.assertEqual(countdown.text_content(), "in 10:00", "at the case's now, the rules' text")
        self.assertEqual(ring.get_attribute("aria-valuenow"), "33")
        self.assertEqual(dark.locator('figure[data-surface="islandCompact"] [data-field="countdown"]').text_content(), "10:00")
        page.evaluate("studio.clock = () => 61; liveTick()")
        self.assertEqual(countdown.text_content(), "in 8:59", "61 s later, as Text(timerInterval:) reads it")
        self.assertEqual(ring.get_attribute("aria-valuenow"), "40", "09:21:01 in the 09:15-09:30 window")
        self.assertIn("--percent: 40", ring.get_attribute("style"))
        # The stale row's clocks stay at the stale date: the meeting's start.
        stale = middle.locator('div.appearance[data-appearance="stale"] .stale-content figure[data-surface="lockScreen"]')
        self.assertEqual(stale.locator('[data-field="countdown"]').text_content(), "in 0:00")
        # A progress bar, not a percentage: the meeting pack's lock screen in a meeting.
        combo = case(page, "meetings/combo-back-to-back-5-min")
        combo.scroll_into_view_if_needed()
        bar = combo.locator('div.appearance[data-appearance="light"] figure[data-surface="lockScreen"] [data-field="progress"] .fill')
        self.assertGreater(bar.evaluate("n => n.getBoundingClientRect().width"), 50)
        # Night: not one pixel of the StandBy frame has green or blue, though the pill is green by day.
        night = middle.locator('div.appearance[data-appearance="standByNight"] figure[data-surface="standBy"] .frame')
        drawn = inside(pixels(night.screenshot()))
        self.assertTrue(all(green <= 8 and blue <= 8 for _, green, blue in drawn), "StandBy at night draws only red")
        self.assertGreater(max(red for red, _, _ in drawn), 100, "and draws something")
        day = inside(pixels(middle.locator('div.appearance[data-appearance="dark"] figure[data-surface="standBy"] .frame').screenshot()))
        self.assertTrue(any(green > 60 for _, green, _ in day), "the dark appearance has colour the night tint takes away")

    def test_the_clock_reads_as_the_host_reads(self):
        """studio.js's clockReading gives, for every case of the shared table, the reading the
        host's LiveForm and the device's LiveTimer give (ClockAgreementTests checks the table)."""
        cases = json.loads((ROOT / "Tests" / "Browser" / "clock_readings.json").read_text())
        self.assertGreater(len(cases), 400)
        read = self.page.evaluate("""cases => cases.map(c => clockReading(
            { dataset: { date: String(c.date), now: String(c.now), counts: c.counts, prefix: c.prefix, suffix: c.suffix } }, 0))""", cases)
        wrong = [(c, got) for c, got in zip(cases, read) if got != c["reads"]]
        self.assertEqual(wrong, [], "readings that differ from the host's")
        # Without hours the same clock counts its hours in its minutes: "1:07:20" reads "67:20".
        def without_hours(reading, prefix, suffix):
            clock = reading[len(prefix):len(reading) - len(suffix)]
            parts = clock.split(":")
            return prefix + (f"{int(parts[0]) * 60 + int(parts[1])}:{parts[2]}" if len(parts) == 3 else clock) + suffix
        read = self.page.evaluate("""cases => cases.map(c => clockReading({ dataset: { date: String(c.date), now: String(c.now),
            counts: c.counts, prefix: c.prefix, suffix: c.suffix, hours: "false" } }, 0))""", cases)
        wrong = [(c, got) for c, got in zip(cases, read) if got != without_hours(c["reads"], c["prefix"], c["suffix"])]
        self.assertEqual(wrong, [], "readings without hours that differ from the host's")
        self.assertTrue(any(c["reads"].count(":") == 2 for c in cases), "the table has readings with hours")

    def test_accept_writes_the_golden(self):
        page = self.page
        golden = self.studio.rules / "meetings" / "golden" / "done.json"
        original = golden.read_text()
        done = case(page, "meetings/done")
        done.scroll_into_view_if_needed()
        done.locator("details.more summary").click()
        self.studio.save(golden, original.replace('"phase": "done"', '"phase": "upcoming"'))
        page.wait_for_selector('article.case[data-case="meetings/done"][data-status="changed"]')
        self.assertTrue(done.evaluate("n => n.querySelector('details.changes').open"), "a case that turns changed while open shows its diff")
        self.assertTrue(done.evaluate("n => n.querySelector('details.more').open"), "and stays open")
        self.assertIn('phase: "upcoming" → "done"', done.locator(".paths").text_content())
        self.assertIn('"phase": "upcoming"', done.locator(".golden-json").text_content())
        self.assertIn('"phase": "done"', done.locator(".current-json").text_content())
        done.evaluate("n => window.scrollTo(0, n.getBoundingClientRect().top + window.scrollY - 200)")
        top = settled_top(page, "meetings/done")
        done.locator('button[data-act="accept"]').click()
        page.wait_for_selector('article.case[data-case="meetings/done"][data-status="unchanged"]')
        self.assertEqual(golden.read_text(), original)
        self.assertIn("accepted meetings/done", page.locator("#notice").text_content())
        self.assertAlmostEqual(settled_top(page, "meetings/done"), top, delta=50,
                               msg="Accept keeps the case where it was")
        # The last case of the page, its diff in view at the end of the page, accepted with the
        # key: the page is shorter afterwards (no diff), and still the case stays where it was.
        last_golden = self.studio.rules / "meetings" / "golden" / "upcoming-first.json"
        last_original = last_golden.read_text()
        self.studio.save(last_golden, last_original.replace('"score": 50', '"score": 51'))
        page.wait_for_selector('article.case[data-case="meetings/upcoming-first"][data-status="changed"]')
        last = case(page, "meetings/upcoming-first")
        self.assertEqual(page.evaluate("[...document.querySelectorAll(`article.case:not([data-status='explored'])`)].pop().dataset.case"),
                         "meetings/upcoming-first")
        last.evaluate("n => { window.scrollTo(0, document.documentElement.scrollHeight); n.focus({ preventScroll: true }); }")
        top = settled_top(page, "meetings/upcoming-first")
        page.keyboard.press("a")
        page.wait_for_selector('article.case[data-case="meetings/upcoming-first"][data-status="unchanged"]')
        self.assertEqual(last_golden.read_text(), last_original)
        self.assertAlmostEqual(settled_top(page, "meetings/upcoming-first"), top, delta=50,
                               msg="Accept at the end of the page keeps the case where it was")
        # Reject keeps the golden, and the case in place too.
        self.studio.save(golden, original.replace('"phase": "done"', '"phase": "upcoming"'))
        page.wait_for_selector('article.case[data-case="meetings/done"][data-status="changed"]')
        case(page, "meetings/done").evaluate("n => window.scrollTo(0, n.getBoundingClientRect().top + window.scrollY - 200)")
        top = settled_top(page, "meetings/done")
        case(page, "meetings/done").locator('button[data-act="reject"]').click()
        page.wait_for_selector('article.case[data-case="meetings/done"] .rejected')
        self.assertIn('"phase": "upcoming"', golden.read_text())
        self.assertIn("rejected meetings/done", page.locator("#notice").text_content())
        self.assertAlmostEqual(settled_top(page, "meetings/done"), top, delta=50,
                               msg="Reject keeps the case where it was")

    def test_saved_rules_update_the_page_and_broken_ones_show_a_banner(self):
        # How soon the page follows a save is measured by Benchmarks/PreviewBenchmarks/preview_bench.py.
        page = self.page
        badges = self.studio.rules / "meetings" / "badges.lua"
        original = badges.read_text()
        # The reader is far down the pack, a case open: a redraw keeps both where they are.
        reading = case(page, "meetings/progress-last")
        reading.scroll_into_view_if_needed()
        reading.locator("details.more summary").click()
        page.mouse.wheel(0, -200)
        page.wait_for_timeout(100)
        top = reading.evaluate("n => n.getBoundingClientRect().top")
        self.studio.save(badges, original.replace('"In progress"', '"Happening"'))
        page.wait_for_function(
            """() => { const c = document.querySelector('article.case[data-case="meetings/combo-back-to-back-5-min"] .case-head .tone');
                      return c && c.textContent === 'Happening'; }""", polling=10)
        reading = case(page, "meetings/progress-last")
        self.assertAlmostEqual(reading.evaluate("n => n.getBoundingClientRect().top"), top, delta=1, msg="the page keeps its place")
        self.assertTrue(reading.evaluate("n => n.querySelector('details.more').open"), "the open case stays open")
        # A changed case far from the window draws its surfaces when it comes near, as saved.
        combo = case(page, "meetings/combo-back-to-back-5-min")
        far = combo.evaluate("n => Math.abs(n.getBoundingClientRect().top) > window.innerHeight + 600")
        self.assertTrue(far, "the combo case is far from the reader")
        self.assertTrue(combo.evaluate("n => typeof n.drawSurfaces === 'function'"), "its surfaces wait until it comes near")
        combo.scroll_into_view_if_needed()
        badge = combo.locator('div.appearance[data-appearance="light"] figure[data-surface="lockScreen"] [data-field="badge"]')
        badge.wait_for()
        self.assertEqual(badge.text_content(), "Happening")
        reading.scroll_into_view_if_needed()
        reading.evaluate("n => window.scrollBy(0, n.getBoundingClientRect().top - 200)")
        top = reading.evaluate("n => n.getBoundingClientRect().top")
        self.studio.save(badges, original + "\nthis is not lua\n")
        page.wait_for_selector('section.pack .banner')
        banner = page.locator("section.pack .banner").text_content()
        self.assertIn("meetings/badges.lua:35:1: error:", banner)
        # The refusal is said where the reader is, naming the pack and the file.
        notice = page.locator("#notice")
        self.assertIn("the last save was refused", notice.text_content())
        self.assertIn("meetings/badges.lua:35:1", notice.text_content())
        box = notice.bounding_box()
        self.assertTrue(box and 0 <= box["y"] and box["y"] + box["height"] <= 900, "the notice is in the window")
        self.assertAlmostEqual(case(page, "meetings/progress-last").evaluate("n => n.getBoundingClientRect().top"), top, delta=1)
        self.assertEqual(case(page, "meetings/combo-back-to-back-5-min").locator(".case-head .tone").text_content(), "Happening",
                         "the last good rendering stays")
        self.studio.save(badges, original)
        page.wait_for_function("() => !document.querySelector('section.pack .banner')")

    def test_timeline_strip_and_scrubber(self):
        page = self.page
        case(page, "meetings/combo-back-to-back-5-min").locator('button[data-act="timeline"]').click()
        counts = page.wait_for_selector("#timeline .counts[data-updates]")
        self.assertEqual(counts.get_attribute("data-updates"), "228")
        self.assertEqual(counts.get_attribute("data-pushes"), "18", "the device keeps its clocks: 18 pushes for 228 presentations")
        self.assertEqual(counts.get_attribute("data-alerts"), "9")
        self.assertEqual(page.locator("#timeline .alert-mark").count(), 9)
        self.assertEqual(page.locator("#timeline .tick").count(), 13)
        scrubber = page.locator("#timeline input[type=range]")
        self.assertEqual(scrubber.get_attribute("max"), "227")
        scrubber.fill("1")
        self.assertIn("no push: the device keeps time", page.locator("#timeline .moment").text_content())
        scrubber.fill("227")
        self.assertIn("2026-03-02T14:30:00Z done All done", page.locator("#timeline .moment").text_content())
        self.assertEqual(page.locator("#timeline .moment figure.surface").count(), 7)


# From 2026-03-10 on (after every meetings fixture, so the pack loads as it is), the badge rule
# spends most of its instruction budget at every step (SLOW), or all of it (FAILING).
FROM = 1773100800
SLOW = {"meetings/badge.lua": lambda rule: rule.replace(
    "return function(input)\n", f"return function(input)\n  if input.now >= {FROM} then local n = 0 for i = 1, 300000 do n = n + i end end\n")}
FAILING = {"meetings/badge.lua": lambda rule: rule.replace(
    "return function(input)\n", f"return function(input)\n  if input.now >= {FROM} then while true do end end\n")}
LONG = {"from": "2026-03-10T00:00:00Z", "to": "2026-03-23T00:00:00Z", "step": "60"}
COMBO = "meetings/combo-back-to-back-5-min"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder as another site would, without logging each request."""

    def log_message(self, *arguments):
        pass


class StudioBoundsInBrowserTests(InBrowser):
    """Expensive requests from the page and from another site: bounded, stopped, refused."""

    def open(self, edits):
        self.studio = RunningStudio(packs=["meetings"], edits=edits)
        self.addCleanup(self.studio.stop)
        page = self.browser.new_page(viewport={"width": 1440, "height": 900})
        self.addCleanup(page.close)
        page.set_default_timeout(PATIENCE_MS)
        open_studio(page, self.studio, fixture_count(self.studio.rules, ["meetings"]))
        return page

    def step_through(self, page, range_):
        case(page, COMBO).locator('button[data-act="timeline"]').click()
        page.wait_for_selector("#timeline .counts[data-updates]")
        for name, value in range_.items():
            page.fill(f'#timeline input[name="{name}"]', value)
        page.click('#timeline button[type="submit"]')

    def test_a_rule_failing_on_explored_states_shows_as_an_explored_case(self):
        page = self.open(FAILING)
        explored = page.wait_for_selector('article.case[data-status="explored"]')
        self.assertEqual(explored.query_selector(".status").text_content(), "explored")
        self.assertIn("rules-never-fail", explored.query_selector("pre.problems").text_content())
        self.assertIn("explored", page.text_content("#counts"))

    def test_a_timeline_failing_at_every_step_stops_and_says_so(self):
        page = self.open(FAILING)
        self.step_through(page, {"from": "2026-03-10T00:00:00Z", "to": "2026-03-10T08:00:00Z", "step": "60"})
        stopped = page.wait_for_selector("#timeline .stopped")
        self.assertEqual(stopped.text_content(), "stopped after 20 of 481 steps: 20 steps in a row failed; 461 steps skipped")
        self.assertEqual(page.locator("#timeline .segment").count(), 1, "the error is one segment")

    def test_closing_a_timeline_stops_it_on_the_server(self):
        page = self.open(SLOW)
        self.step_through(page, LONG)
        page.wait_for_selector("#timeline h2:has-text('…')")
        # The server is stepping through it: another asks, and is told it is busy.
        self.assertTrue(self.wait_until_busy())
        page.keyboard.press("Escape")
        self.assertTrue(self.studio.wait_for_log(f"timeline of {COMBO}: stopped after"), self.studio.errors)
        self.assertTrue(self.studio.wait_for_log("of 18721 steps: the client went away"), self.studio.errors)

    def test_another_site_cannot_make_the_studio_work(self):
        page = self.open(SLOW)
        path = str(self.studio.rules / "meetings")
        long = self.studio.url + "api/timeline?" + urllib.parse.urlencode({"pack": path, "case": COMBO, **LONG})
        with tempfile.TemporaryDirectory() as folder:
            pathlib.Path(folder, "index.html").write_text("<!doctype html><title>elsewhere</title>")
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: QuietHandler(*a, directory=folder))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            self.addCleanup(server.server_close)
            self.addCleanup(server.shutdown)
            elsewhere = self.browser.new_page()
            self.addCleanup(elsewhere.close)
            elsewhere.goto(f"http://127.0.0.1:{server.server_address[1]}/")
            # Four requests as any page can send them (their answers are opaque to it), and one
            # with a guessed token; each waited for at most PATIENCE_MS.
            answered, preflighted = elsewhere.evaluate("""async ([url, patience]) => {
                const late = new Promise((resolve) => setTimeout(() => resolve("unanswered"), patience));
                const sent = Promise.all([1, 2, 3, 4].map(() => fetch(url, { mode: "no-cors" }).then(() => "answered", () => "failed")));
                const guessed = fetch(url, { headers: { "X-LiveRules-Token": "guessed" } }).then(() => "read", () => "blocked");
                return [await Promise.race([sent, late]), await Promise.race([guessed, late])];
            }""", [long, PATIENCE_MS])
        self.assertEqual(answered, ["answered"] * 4, "refused at once, not stepped through")
        self.assertEqual(preflighted, "blocked", "a request with the token header needs a preflight, which is refused")
        # None of them made the studio work: its own timeline is not refused as busy, and the
        # page and its style sheet are served.
        self.step_through(page, {"from": "2026-03-10T00:00:00Z", "to": "2026-03-10T00:10:00Z", "step": "60"})
        page.wait_for_selector("#timeline .counts[data-updates]")
        self.assertEqual(page.locator("#timeline .problems").count(), 0)
        self.assertIn(b"--zoom", self.studio.get("studio.css"))
        self.assertNotIn("timeline of", "".join(self.studio.errors))

    def wait_until_busy(self):
        """Whether a one-step timeline is refused as busy (polling, at most PATIENCE_MS)."""
        path = str(self.studio.rules / "meetings")
        probe = "api/timeline?" + urllib.parse.urlencode(
            {"pack": path, "case": COMBO, "from": "2026-03-10T00:00:00Z", "to": "2026-03-10T00:00:00Z"})
        end = time.monotonic() + PATIENCE_MS / 1000
        while time.monotonic() < end:
            try:
                self.studio.get(probe, {"X-LiveRules-Token": self.studio.token})
            except urllib.error.HTTPError as error:
                if error.code == 503:
                    return True
            time.sleep(0.05)
        return False


class ExportInBrowserTests(unittest.TestCase):
    def test_static_copy_needs_no_server(self):
        with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
            result = run(["preview", str(ROOT / "rules"), "--export", folder])
            self.assertEqual(result.returncode, 0, result.stderr)
            browser = launch(playwright)
            page = browser.new_page()
            page.set_default_timeout(PATIENCE_MS)
            requests = []
            page.on("request", lambda request: requests.append(request.url))
            page.goto(pathlib.Path(folder, "index.html").as_uri())
            total = fixture_count(ROOT / "rules")
            page.wait_for_function("n => document.querySelectorAll(`article.case:not([data-status='explored'])`).length === n", arg=total)
            self.assertEqual(page.locator("#live").text_content(), "static copy")
            self.assertEqual(page.locator('button[data-act="accept"]').count(), 0)
            self.assertTrue(all(url.startswith("file:") for url in requests), requests)
            data = json.loads(page.locator("#studio-data").text_content())
            self.assertTrue(data["readOnly"])
            browser.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
