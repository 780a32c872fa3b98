"""Runs `liverules preview` on a copy of the bundled packs and drives the page in headless
Chromium (Debian's `chromium`, through Playwright), for the browser tests and the preview
benchmark."""
import os
import pathlib
import shutil
import subprocess
import tempfile

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
    """`liverules preview` on a temporary copy of rules/ on a free port."""

    def __init__(self, packs=PACKS, environment=None):
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="preview-browser-"))
        self.rules = self.folder / "rules"
        for pack in packs:
            shutil.copytree(ROOT / "rules" / pack, self.rules / pack)
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


def case(page, case_id):
    return page.locator(f'article.case[data-case="{case_id}"]')


def open_studio(page, studio, expected_cases):
    page.goto(studio.url)
    page.wait_for_function("n => document.querySelectorAll('article.case').length === n", arg=expected_cases)
    page.wait_for_selector("#live.on")


def run(arguments):
    return subprocess.run([binary(), *arguments], capture_output=True, text=True, check=False)
