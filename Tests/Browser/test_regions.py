"""Every field of every case of the bundled packs, on every surface, drawn where its layout puts
it, in headless Chromium at a phone's width (393 and 430) and a desktop's (1440): inside the
region (slot) and on the line its layout names, never overlapping another field, never cut off
(the text fits its box: a box takes the text's width in the page's font where its slot has the
room, and the page condenses, and marks, a line drawn wider than its slot), every region inside its frame and every frame inside the case's card,
zoomed to fit where the card is narrower. Run by scripts/test.sh:

    python3 Tests/Browser/test_regions.py
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from studio_harness import ROOT, PATIENCE_MS, InBrowser, binary, fixture_count  # noqa: E402

# What the page draws, checked in the page: a list of problems, each naming the case, the
# appearance, the surface and the field. The layout's own words come from the page's data (the
# JSON the server rendered), the boxes from the DOM.
CHECK = """
() => {
  const leftOutOnAndroid = (fields, field) => {
    const timers = fields.filter((each) => each.live && each.live.timer), progresses = fields.filter((each) => each.live && each.live.progress);
    const chronometer = timers.find((each) => each.slot === "chip") || timers[0];
    return (timers.includes(field) && field !== chronometer) || (progresses.includes(field) && field !== progresses[0]);
  };
  studio.fitAll();
  const problems = [], tolerance = 0.5;
  const within = (inner, outer) => inner.left >= outer.left - tolerance && inner.right <= outer.right + tolerance
    && inner.top >= outer.top - tolerance && inner.bottom <= outer.bottom + tolerance;
  const overlap = (a, b) => a.left < b.right - tolerance && b.left < a.right - tolerance && a.top < b.bottom - tolerance && b.top < a.bottom - tolerance;
  let fields = 0, condensed = 0, most = 0;
  for (const pack of studio.packs.values()) {
    for (const item of pack.cases) {
      if (!item.presentation) continue;
      const node = document.querySelector(`article.case[data-case="${CSS.escape(item.id)}"]`);
      const card = node.getBoundingClientRect();
      const drawings = [...node.querySelectorAll("div.appearance")].flatMap((appearance) =>
        [...appearance.querySelectorAll(":scope > .surfaces figure.surface")].map((figure) => [appearance, figure]));
      for (const [appearance, figure] of drawings) {
        const where = `${item.id} ${appearance.dataset.appearance} ${figure.dataset.surface}`;
        const presentation = appearance.classList.contains("stale") && !figure.closest(".stale-content") && item.stale
          ? item.stale.presentation : item.presentation;
        const frame = figure.querySelector(".frame").getBoundingClientRect();
        if (frame.left < card.left - tolerance || frame.right > card.right + tolerance) problems.push(`${where}: the frame runs past the case's card`);
        const boxes = [];
        for (const placement of figure.querySelectorAll("[data-placement]")) {
          const layout = presentation.layout[placement.dataset.placement];
          for (const region of placement.querySelectorAll(".slot")) {
            // Android's status-bar chip is drawn above the card, inside the drawing.
            const outer = region.dataset.slot === "chip" ? figure.querySelector(".fit").getBoundingClientRect() : frame;
            if (!within(region.getBoundingClientRect(), outer)) problems.push(`${where}: region ${region.dataset.slot} runs past the frame`);
          }
          // Android draws its fields where the mapping puts them (see test_android_surface.py), and
          // leaves out every timer but the chronometer's and every progress but the bar's.
          const android = placement.dataset.placement === "androidOngoing";
          layout.fields.forEach((field) => {
            const drawn = android ? placement.querySelector(`.field[data-field="${CSS.escape(field.id)}"]`) : placement.querySelector(
              `.slot[data-slot="${field.slot}"] > .line[data-line="${field.line}"] > .field[data-field="${CSS.escape(field.id)}"]`);
            if (!drawn && android && leftOutOnAndroid(layout.fields, field)) return;
            if (!drawn) { problems.push(`${where}: ${field.id} is not on line ${field.line} of ${field.slot}`); return; }
            fields += 1;
            const box = drawn.getBoundingClientRect();
            if (!within(box, drawn.closest(".slot, .header, .actions").getBoundingClientRect())) problems.push(`${where}: ${field.id} runs past its region ${field.slot}`);
            const text = (drawn.querySelector(":scope > .text > .meter") || drawn.querySelector(":scope > .text")).getBoundingClientRect();
            if (text.right > box.right + tolerance) problems.push(`${where}: ${field.id} is cut off (${text.width.toFixed(1)} of ${box.width.toFixed(1)} px)`);
            for (const other of boxes) if (overlap(box, other.box)) problems.push(`${where}: ${field.id} overlaps ${other.id}`);
            boxes.push({ id: field.id, box });
            if (drawn.dataset.condensed) { condensed += 1; most = Math.max(most, Number(drawn.dataset.condensed)); }
          });
        }
      }
    }
  }
  return { problems, fields, condensed, most };
}
"""


class RegionsInBrowserTests(InBrowser):
    @classmethod
    def setUpClass(cls):
        cls.folder = pathlib.Path(tempfile.mkdtemp(prefix="preview-regions-"))
        subprocess.run([binary(), "preview", str(ROOT / "rules"), "--export", str(cls.folder)], check=True, capture_output=True)
        cls.total = fixture_count(ROOT / "rules")
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def open(self, width):
        page = self.browser.new_page(viewport={"width": width, "height": 900})
        page.set_default_timeout(PATIENCE_MS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto((self.folder / "index.html").as_uri())
        page.wait_for_function(f"document.querySelectorAll(`article.case:not([data-status='explored'])`).length === {self.total}")
        self.addCleanup(lambda: self.assertEqual(errors, [], "the page's script raised errors"))
        self.addCleanup(page.close)
        return page

    def check(self, width, phone):
        page = self.open(width)
        if phone != "393":
            if page.locator("#menu").is_visible():
                page.click("#menu")
            page.select_option("#phone-class", phone)
        page.evaluate("async () => { studio.fitAll(); await document.fonts.ready; }")
        result = page.evaluate(CHECK)
        print(f"{width} px wide, {phone}-pt class: {result['fields']} fields drawn, {result['condensed']} condensed "
              f"(at most {result['most']}%)", file=sys.stderr)
        self.assertGreater(result["fields"], self.total * 20, "every case draws its fields")
        self.assertEqual(result["problems"][:20], [], f"{len(result['problems'])} problems")
        return page

    def test_every_field_in_its_region_at_393(self):
        page = self.check(393, "393")
        # The header collapses to one row, its filters behind a button; the key help opens from it.
        header = page.locator("header.bar").bounding_box()
        self.assertLess(header["height"], 60, "the header takes one row on a phone")
        self.assertFalse(page.locator("#filters").is_visible())
        page.click("#menu")
        self.assertTrue(page.locator("#filters").is_visible())
        self.assertEqual(page.locator(".keys").evaluate("n => getComputedStyle(n).position"), "static", "nothing floats over the cases")
        # StandBy (686 pt at 2x) is zoomed to the card's width, and says so.
        standby = page.locator('article.case figure[data-surface="standBy"]').first
        standby.scroll_into_view_if_needed()
        self.assertRegex(standby.get_attribute("data-zoom"), r"^shown at \d+%$")

    def test_every_field_in_its_region_at_430(self):
        self.check(430, "430")

    def test_every_field_in_its_region_at_1440(self):
        page = self.check(1440, "393")
        self.assertEqual(page.locator('article.case figure[data-surface="standBy"]').first.get_attribute("data-zoom"), "",
                         "a wide window draws StandBy at its size")

    def test_a_line_drawn_wider_than_its_slot_is_condensed_and_marked(self):
        """A text the page's font draws wider than the rules measure takes the room its slot has
        (as on a device), unmarked; a line wider than its slot is condensed into it, marked, and
        says by how much; with the condensing taken away it would be cut off."""
        page = self.open(1440)
        page.evaluate("async () => { studio.fitAll(); await document.fonts.ready; studio.fitAll(); }")
        widened = page.evaluate("""() => [...document.querySelectorAll(".field[data-measure]:not([data-condensed])")]
            .filter((n) => parseFloat(n.style.width) > Number(n.dataset.measure) + 1).length""")
        self.assertGreater(widened, 100, "texts wider than their measure take the room their slot has")
        marked = page.locator(".field[data-condensed]")
        self.assertGreater(marked.count(), 0, "some lines are wider in the page's font than their slot")
        first = marked.first
        self.assertRegex(first.get_attribute("title"), r"its line is \d+% wider than its slot")
        self.assertTrue(first.evaluate("n => n.querySelector('.text').style.transform.startsWith('scaleX(')"))
        cut = first.evaluate("n => { n.querySelector('.text').style.transform = ''; return n.querySelector('.text').getBoundingClientRect().right - n.getBoundingClientRect().right; }")
        self.assertGreater(cut, 0.5, "without condensing the text would run past its box")

    def test_glyphs_are_drawn_as_dots_and_icons(self):
        """A dot in its tone; an icon of the bundled set by its name, any other name as its initial."""
        page = self.open(1440)
        drawn = page.evaluate("""() => [drawGlyph("dot"), drawGlyph("warning dot"), drawGlyph("icon:bell"), drawGlyph("icon:rocket")]
            .map((n) => [n.tagName.toLowerCase(), n.getAttribute("class"), n.querySelector("path") !== null, n.textContent])""")
        self.assertEqual(drawn, [["i", "glyph dot tone-green", False, ""], ["i", "glyph dot tone-warning", False, ""],
                                 ["svg", "glyph icon", True, ""], ["svg", "glyph icon unknown", False, "R"]])
        # The live dot of a match in play, beside the score in the minimal view.
        dot = page.locator('article.case[data-case="match/live-67-min"] div.appearance[data-appearance="dark"] '
                           'figure[data-surface="islandMinimal"] .glyph.dot')
        self.assertEqual(dot.count(), 1)


if __name__ == "__main__":
    unittest.main(verbosity=2)
