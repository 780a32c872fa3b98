"""What the studio draws, as a reader sees it, on every case of the bundled packs at a phone's
width (393 and 430) and a desktop's (1440), from a running `liverules preview`: no character
drawn as a missing-glyph box (with only Debian's default fonts installed, DejaVu and
Liberation: the page ships its fonts and draws emoji as shapes), the page's own fonts served and
used, the honest-fit mark only where the rules' own measure nearly fills its slot, the stale mark
over nothing a frame shows, and every text of StandBy at night legible on black (WCAG 4.5:1).
Run by scripts/test.sh:

    python3 Tests/Browser/test_glyphs_and_marks.py
"""
import pathlib
import subprocess
import sys
import unittest


sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from studio_harness import PATIENCE_MS, StudioInBrowser, open_studio  # noqa: E402

# (width of the window, phone class drawn)
WIDTHS = ((393, "393"), (430, "430"), (1440, "393"))

# Draws every case's surfaces, fits them, waits for the fonts their texts need, fits again.
SETTLE = "async () => { studio.fitAll(); await document.fonts.ready; studio.fitAll(); }"

# Every character of every text a reader can see (text nodes whose element is rendered, SVG
# text included), each drawn on a canvas in its element's font (family, weight, style) and
# compared, pixel for pixel and in advance, with the drawing of U+10FFFD (a private-use character
# no font has) in that font: the missing glyph the browser draws for a character no font on the
# machine has (the first font's .notdef: a box, or nothing where a font has an empty one).
# Returns [character, code point, font, where] for each, once per character and font.
FIND_BOXES = """async () => {
  const canvas = document.createElement("canvas");
  canvas.width = 96; canvas.height = 64;
  const pen = canvas.getContext("2d", { willReadFrequently: true });
  const drawn = (font, text) => {
    pen.clearRect(0, 0, canvas.width, canvas.height);
    pen.font = font;
    pen.fillText(text, 16, 44);
    return pen.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  const same = (a, b) => { for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false; return true; };
  const seen = new Map(), boxes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ["title", "option", "script", "style"].includes(parent.localName) || !node.data.trim()) continue;
    if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    const style = getComputedStyle(parent);
    const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`;
    for (const character of new Set(node.data)) {
      if (/\\s|\\p{Default_Ignorable_Code_Point}/u.test(character)) continue;
      const key = font + "|" + character;
      if (seen.has(key)) continue;
      seen.set(key, true);
      await document.fonts.load(font, character + "\\u{10FFFD}");
      const box = drawn(font, "\\u{10FFFD}"), boxWidth = pen.measureText("\\u{10FFFD}").width;
      const glyph = drawn(font, character);
      if (same(box, glyph) && Math.abs(pen.measureText(character).width - boxWidth) < 0.01) {
        const where = parent.closest("article.case, header, section.timeline");
        boxes.push([character, "U+" + character.codePointAt(0).toString(16).toUpperCase(), style.fontFamily,
          where ? where.dataset.case || where.localName : parent.localName]);
      }
    }
  }
  return boxes;
}"""

# Each honest-fit mark on the page: its case, surface, field and text, and its line's measure
# (the rules' widths of the line's fields and the gaps between them) over its slot's width.
MARKS = """() => [...document.querySelectorAll(".field[data-condensed]")].map((field) => {
  const line = field.parentElement, fields = [...line.querySelectorAll(":scope > .field")];
  const gap = parseFloat(getComputedStyle(line).columnGap);
  const measure = fields.reduce((sum, each) => sum + Number(each.dataset.measure), 0) + gap * (fields.length - 1);
  return { case: field.closest("article.case").dataset.case, surface: field.closest("figure.surface").dataset.surface,
           field: field.dataset.field, text: field.textContent, share: measure / Number(line.parentElement.dataset.width) };
})"""

# Every text drawn in StandBy at night, with the colour it is drawn in (its computed colour, or
# fill in SVG, its alpha times the opacities above it, over the frame's black) and whether a
# filter above it (up to the frame) changes that colour.
NIGHT_TEXTS = """() => {
  const parse = (colour) => { const [r, g, b, a = 1] = colour.match(/[\\d.]+/g).map(Number); return [r, g, b, a]; };
  const out = [];
  for (const frame of document.querySelectorAll('div.appearance[data-appearance="standByNight"] .frame')) {
    const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.data.trim() || parent.localName === "title" || !parent.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(parent);
      const [r, g, b, a] = parse(parent instanceof SVGElement ? style.fill : style.color);
      let opacity = a, filtered = false;
      for (let up = parent; up && up !== frame.parentElement; up = up.parentElement) {
        const above = getComputedStyle(up);
        opacity *= Number(above.opacity);
        filtered = filtered || above.filter !== "none";
      }
      out.push({ text: node.data, case: frame.closest("article.case").dataset.case, rgb: [r * opacity, g * opacity, b * opacity], filtered });
    }
  }
  return out;
}"""

# Each stale frame's mark and whether its box overlaps the box of anything the frame shows (a
# field, its text, a glyph, an emoji, a progress bar or ring, the sensor, Android's icon).
STALE_MARKS = """() => [...document.querySelectorAll(".frame.stale")].map((frame) => {
  const figure = frame.closest("figure.surface"), mark = figure.querySelector(".stale-mark");
  if (!mark) return { surface: figure.dataset.surface, missing: true, overlaps: [] };
  const a = mark.getBoundingClientRect();
  const overlaps = [...figure.querySelectorAll(".field, .field .text, .glyph, .emoji, .fill, .sensor, .icon, .slot")]
    .filter((node) => { const b = node.getBoundingClientRect();
      return b.width > 0 && b.height > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom; })
    .map((node) => node.dataset.field || node.className.baseVal || node.className);
  return { case: frame.closest("article.case").dataset.case, surface: figure.dataset.surface, missing: false, overlaps };
})"""


def luminance(rgb):
    """WCAG relative luminance of an sRGB colour (0–255 channels)."""
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_on_black(rgb):
    return (luminance(rgb) + 0.05) / 0.05


class GlyphsAndMarksTests(StudioInBrowser):
    def open(self, width, phone):
        """The studio in a window `width` px wide drawing phone class `phone`, every case drawn and
        fitted in the page's fonts."""
        page = self.browser.new_page(viewport={"width": width, "height": 900})
        page.set_default_timeout(PATIENCE_MS)
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        self.addCleanup(lambda: self.assertEqual(errors, [], "the page's script raised errors"))
        self.addCleanup(page.close)
        open_studio(page, self.studio, self.total)
        if phone != "393":
            page.evaluate("""phone => { const select = document.getElementById("phone-class");
                select.value = phone; select.dispatchEvent(new Event("change")); }""", phone)
        page.evaluate(SETTLE)
        return page

    def test_no_missing_glyph_box(self):
        for width, phone in WIDTHS:
            with self.subTest(width=width):
                page = self.open(width, phone)
                self.assertEqual(page.evaluate(FIND_BOXES), [], "characters drawn as missing-glyph boxes")
                # Every emoji and icon the packs show is one of the page's own shapes, not a stand-in.
                self.assertEqual(page.evaluate("""() => [...document.querySelectorAll(".emoji.unknown, .glyph.icon.unknown")]
                    .map((node) => node.getAttribute("aria-label"))"""), [])
                self.assertGreater(page.locator(".emoji:not(.plain)").count(), 100, "the packs' emoji are drawn as shapes")

    def test_the_finder_sees_a_box(self):
        """The finder is a real one: a character no font has, and an emoji put in as text (which
        no font of Debian's defaults draws), are found as boxes where a field shows them."""
        page = self.open(1440, "393")
        page.evaluate("""() => { const text = document.querySelector('article.case[data-case="delivery/placed"] .field > .text');
            text.append("\\u0378"); }""")
        self.assertEqual([box[1] for box in page.evaluate(FIND_BOXES)], ["U+378"])
        if subprocess.run(["fc-list", ":charset=1f6f5"], capture_output=True, text=True).stdout.strip():
            self.skipTest("this machine has a font that draws 🛵: only Debian's default fonts have none")
        page.evaluate("""() => { const text = document.querySelector('article.case[data-case="delivery/placed"] .field > .text');
            text.append("\\u{1F6F5}"); }""")
        self.assertEqual(sorted(box[1] for box in page.evaluate(FIND_BOXES)), ["U+1F6F5", "U+378"])

    def test_a_copy_keeps_the_emoji(self):
        """An emoji drawn as a shape is copied as its characters: a JSON panel copies as its JSON."""
        page = self.open(1440, "393")
        copied, current = page.evaluate("""() => {
          const node = document.querySelector('article.case[data-case="delivery/arrived"]');
          node.querySelector("details.more").open = true;
          const range = document.createRange();
          range.selectNodeContents(node.querySelector("pre.presentation-json"));
          getSelection().removeAllRanges();
          getSelection().addRange(range);
          const copy = new ClipboardEvent("copy", { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
          document.dispatchEvent(copy);
          const item = [...studio.packs.values()].flatMap((pack) => pack.cases).find((each) => each.id === "delivery/arrived");
          return [copy.clipboardData.getData("text/plain"), item.current];
        }""")
        self.assertIn("\U0001F3E0", current)
        self.assertEqual(copied, current)

    def test_the_page_draws_in_its_own_fonts(self):
        """The fonts are served from the binary with their licence, and the page's texts use them."""
        for name in ("Inter-Regular.woff2", "Inter-SemiBold.woff2", "NotoSansCJKjp-Regular.woff2"):
            self.assertEqual(self.studio.get("fonts/" + name)[:4], b"wOF2", name)
        self.assertIn(b"SIL OPEN FONT LICENSE Version 1.1", self.studio.get("fonts/OFL.txt"))
        page = self.open(1440, "393")
        loaded = page.evaluate("() => [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family + ' ' + face.weight)")
        self.assertIn("Inter 400", loaded)
        self.assertIn("Inter 600", loaded)
        self.assertIn('Noto Sans CJK JP normal', loaded, "the CJK titles fetched the CJK face")
        self.assertEqual(page.evaluate("""() => getComputedStyle(document.querySelector(".field > .text")).fontFamily.split(",")[0]"""), "Inter")

    def test_the_honest_fit_mark_only_where_the_measure_nearly_fills_the_slot(self):
        for width, phone in WIDTHS:
            with self.subTest(width=width):
                marks = self.open(width, phone).evaluate(MARKS)
                loose = sorted({(m["case"], m["surface"], m["field"], m["text"], round(m["share"], 3)) for m in marks
                                if m["share"] < 0.95})
                by_pack = {pack: sum(m["case"].startswith(pack + "/") for m in marks) for pack in ("delivery", "match", "meetings")}
                print(f"{width} px wide, {phone}-pt class: honest-fit marks {by_pack}", file=sys.stderr)
                self.assertEqual(loose, [], "marks on lines the rules measure under 95 % of their slot")

    def test_the_stale_mark_overlaps_nothing(self):
        for width, phone in WIDTHS:
            with self.subTest(width=width):
                marks = self.open(width, phone).evaluate(STALE_MARKS)
                self.assertGreater(len(marks), 100, "the stale rows draw their frames")
                self.assertEqual([m for m in marks if m["missing"]], [], "every stale frame is marked")
                self.assertEqual([m for m in marks if m["overlaps"]], [], "marks over what a frame shows")

    def test_standby_at_night_is_legible(self):
        for width, phone in WIDTHS:
            with self.subTest(width=width):
                texts = self.open(width, phone).evaluate(NIGHT_TEXTS)
                self.assertGreater(len(texts), 500, "StandBy at night draws its texts")
                self.assertEqual([t for t in texts if t["filtered"]], [], "texts drawn through a filter: their colour is not what is drawn")
                self.assertEqual([t for t in texts if t["rgb"][1] > 0.5 or t["rgb"][2] > 0.5], [], "texts with green or blue at night")
                faint = [(t["case"], t["text"], [round(c) for c in t["rgb"]], round(contrast_on_black(t["rgb"]), 2))
                         for t in texts if contrast_on_black(t["rgb"]) < 4.5]
                self.assertEqual(faint[:20], [], f"{len(faint)} texts under 4.5:1 on black")


if __name__ == "__main__":
    unittest.main(verbosity=2)
