"""Measures the preview studio in headless Chromium: the time from saving a rule to the page
showing it (p50/p99 over 50 saves), the time to draw the full matrix of the bundled packs, and
the page's weight. Needs chromium and Playwright (as the browser tests do):

    python3 Benchmarks/PreviewBenchmarks/preview_bench.py [--saves 50]

Uses $LIVERULES_BINARY, or .build/debug/liverules.
"""
import argparse
import gzip
import pathlib
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
from playwright.sync_api import sync_playwright  # noqa: E402
from studio_harness import ROOT, RunningStudio, binary, fixture_count, launch, run  # noqa: E402

# The case the saves change, scrolled into view: its lock screen's badge field is what the reader
# sees change (cases far from the window draw their surfaces when they come near).
COMBO = 'article.case[data-case="meetings/combo-back-to-back-5-min"]'
COMBO_BADGE = COMBO + ' div.appearance[data-appearance="light"] figure[data-surface="lockScreen"] [data-field="badge"] .text'


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered) + 0.5)) - 1))]


def fetch(url, headers=None):
    started = time.monotonic()
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {})) as response:
        body = response.read()
    return body, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--loads", type=int, default=5)
    options = parser.parse_args()
    studio = RunningStudio()
    total = fixture_count(studio.rules)
    try:
        print(f"binary: {binary()}")
        weights = {}
        for name in ["", "studio.css", "studio.js"]:
            body, _ = fetch(studio.url + name)
            weights[name or "index.html"] = (len(body), len(gzip.compress(body)))
        token = {"X-LiveRules-Token": studio.token}
        data, _ = fetch(studio.url + "api/studio", token)
        weights["api/studio (3 packs)"] = (len(data), len(gzip.compress(data)))
        exports = []
        with tempfile.TemporaryDirectory() as folder:
            for _ in range(options.loads):
                started = time.monotonic()
                run(["preview", str(ROOT / "rules"), "--export", folder])
                exports.append(time.monotonic() - started)
            exported = pathlib.Path(folder, "index.html").read_bytes()
            weights["export index.html"] = (len(exported), len(gzip.compress(exported)))
        print("page weight (bytes, gzip):")
        for name, (raw, packed) in weights.items():
            print(f"  {name:24} {raw:>9} {packed:>8}")
        print(f"liverules preview --export (load, present and write all {total} cases; the whole process): "
              f"p50 {statistics.median(exports) * 1000:.0f} ms over {options.loads} runs")
        api = [fetch(studio.url + "api/studio", token)[1] for _ in range(10)]
        print(f"GET /api/studio (all {total} cases): p50 {statistics.median(api) * 1000:.1f} ms")

        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            loads = []
            for _ in range(options.loads):
                started = time.monotonic()
                page.goto(studio.url)
                page.wait_for_function("n => document.querySelectorAll('article.case').length === n", arg=total, polling=5)
                loads.append(time.monotonic() - started)
            surfaces = page.locator("figure.surface").count()
            print(f"full matrix ({total} cases, {surfaces} surface drawings): load to drawn p50 "
                  f"{statistics.median(loads) * 1000:.0f} ms, min {min(loads) * 1000:.0f} ms over {options.loads} loads")
            page.wait_for_selector("#live.on")
            # A second listener on the event stream, in the page, notes when each change arrives
            # (the page's clock): the save's time splits into the server's part and the page's.
            page.evaluate("""token => { window.changes = [];
                new EventSource('/api/events?token=' + token).addEventListener('change', () => window.changes.push(performance.now())); }""",
                          studio.token)
            page.locator(COMBO).scroll_into_view_if_needed()
            badges = studio.rules / "meetings" / "badges.lua"
            original = badges.read_text()
            timings, server, drawing = [], [], []
            for save in range(options.saves):
                text = f"Running {save}"
                saved = page.evaluate("performance.now()")
                started = time.monotonic()
                studio.save(badges, original.replace('"In progress"', f'"{text}"'))
                drawn = page.evaluate_handle(
                    "([selector, text]) => new Promise((done) => { const check = () => { const n = document.querySelector(selector); "
                    "if (n && n.textContent === text) done(performance.now()); else requestAnimationFrame(check); }; check(); })",
                    [COMBO_BADGE, text]).json_value()
                timings.append(time.monotonic() - started)
                arrived = page.evaluate("window.changes[window.changes.length - 1]")
                server.append((arrived - saved) / 1000)
                drawing.append((drawn - arrived) / 1000)
                time.sleep(0.1)
            print(f"save to updated page over {options.saves} saves: p50 {percentile(timings, 0.5) * 1000:.0f} ms, "
                  f"p99 {percentile(timings, 0.99) * 1000:.0f} ms, max {max(timings) * 1000:.0f} ms")
            print(f"  of which save to the change event (watcher, reload checks, rendering): p50 {percentile(server, 0.5) * 1000:.0f} ms; "
                  f"event to drawn (fetch and redraw): p50 {percentile(drawing, 0.5) * 1000:.0f} ms")
            browser.close()
    finally:
        studio.stop()


if __name__ == "__main__":
    main()
