"""Runs `liverules preview` on a copy of the bundled packs and drives the page in headless
Chromium (Debian's `chromium`, through Playwright), for the browser tests and the preview
benchmark."""
import os
import pathlib
import re
import shutil
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKS = ("delivery", "match", "meetings")
# How long a wait for the page or the server lasts at most: far past what it takes on a slow
# machine with every core busy. Waits return as soon as what they wait for happened.
PATIENCE_MS = 90_000


def binary():
    """The liverules binary: $LIVERULES_BINARY, or the debug build."""
    return os.environ.get("LIVERULES_BINARY", str(ROOT / ".build" / "debug" / "liverules"))


def fixture_count(rules, packs=PACKS):
    return sum(len(list((rules / pack / "fixtures").rglob("*.json"))) for pack in packs)


class RunningStudio:
    """`liverules preview` on a temporary copy of rules/ on a free port, each file of `edits` (a
    path under rules/) changed by its function before it starts."""

    def __init__(self, packs=PACKS, environment=None, edits=None):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="preview-browser-"))
        self.rules = self.folder / "rules"
        for pack in packs:
            shutil.copytree(ROOT / "rules" / pack, self.rules / pack)
        for path, edit in (edits or {}).items():
            file = self.rules / path
            file.write_text(edit(file.read_text()))
        env = dict(os.environ)
        env.pop("CI", None)
        env.update(environment or {})
        self.process = subprocess.Popen(
            [binary(), "preview", str(self.rules), "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        line = self.process.stdout.readline()
        if not line.startswith("preview studio at "):
            self.stop()
            raise RuntimeError("liverules preview did not start: " + line + self.process.stderr.read())
        self.url = line.split()[3]
        self.errors = []
        threading.Thread(target=lambda: self.errors.extend(iter(self.process.stderr.readline, "")), daemon=True).start()
        page = self.get("")
        self.token = re.search(r'name="liverules-token" content="([0-9a-f]+)"', page.decode()).group(1)

    def get(self, path, headers=None):
        """The body of `GET path` (no proxy in between)."""
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(urllib.request.Request(self.url + path, headers=headers or {}), timeout=PATIENCE_MS / 1000) as response:
            return response.read()

    def wait_for_log(self, text):
        """Waits until the server wrote `text` to standard error (at most PATIENCE_MS); whether it did."""
        end = time.monotonic() + PATIENCE_MS / 1000
        while time.monotonic() < end:
            if any(text in line for line in list(self.errors)):
                return True
            time.sleep(0.02)
        return False

    def save(self, path, text):
        """Writes `path` as editors save, a file written beside the rules renamed over it: one
        change the studio sees whole, however slow the machine."""
        written = self.folder / ("saving-" + path.name)
        written.write_text(text)
        os.replace(written, path)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=PATIENCE_MS / 1000)
        shutil.rmtree(self.folder, ignore_errors=True)


def launch(playwright):
    """Headless Chromium from the system (Playwright's own download is not needed)."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    return playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])


class InBrowser(unittest.TestCase):
    """Tests sharing one headless Chromium per class (`browser`)."""

    @classmethod
    def setUpClass(cls):
        from playwright.sync_api import sync_playwright
        cls.playwright = sync_playwright().start()
        cls.browser = launch(cls.playwright)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()


class StudioInBrowser(InBrowser):
    """Tests sharing, per class, one `liverules preview` on a copy of the bundled packs (`studio`,
    with `total` fixtures) and one headless Chromium (`browser`)."""

    @classmethod
    def setUpClass(cls):
        cls.studio = RunningStudio()
        cls.total = fixture_count(cls.studio.rules)
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.studio.stop()


def case(page, case_id):
    return page.locator(f'article.case[data-case="{case_id}"]')


# Waits until the page is still: the studio's revision and the top of `selector` (null when none
# matches) the same for 10 frames in a row and half a second at least, then answers that top. A
# live reload that comes in late (a golden just written) and cases drawn as they come near the
# window (content-visibility) move the page on their own; measuring a place before they are done
# would put their movement down to what a test does. Waiting has no bound here: a page that never
# settles fails the test on its own timeout.
SETTLE = """async (selector) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  const place = () => { const node = document.querySelector(selector); return node ? node.getBoundingClientRect().top : null; };
  const start = performance.now();
  let top = place(), revision = document.body.dataset.revision, still = 0;
  while (still < 10 || performance.now() - start < 500) {
    await frame();
    const now = place();
    if (now === top && document.body.dataset.revision === revision) still += 1;
    else { still = 0; top = now; revision = document.body.dataset.revision; }
  }
  return top;
}"""


def settled_top(page, case_id):
    """The top of case `case_id` in the window once the page is still (see SETTLE)."""
    return page.evaluate(SETTLE, f'article.case[data-case="{case_id}"]')


def open_studio(page, studio, expected_cases):
    page.goto(studio.url)
    # The fixtures' cases; promises broken on explored states follow as cases of their own.
    page.wait_for_function("n => document.querySelectorAll(`article.case:not([data-status='explored'])`).length === n",
                           arg=expected_cases)
    page.wait_for_selector("#live.on")


def run(arguments):
    return subprocess.run([binary(), *arguments], capture_output=True, text=True, check=False)
