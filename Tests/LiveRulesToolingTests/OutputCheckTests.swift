import Foundation
@testable import LiveRules
import LiveRulesTooling
import TestPacks
import Testing

/// The output checks: empty texts, a text shown twice, an empty minimal view and a text wider
/// than the slot it is shown in; and how `liverules check` reports them.
@Suite struct OutputCheckTests {
    private let look = Appearance(background: Colour(hex: "#000000")!, foreground: Colour(hex: "#FFFFFF")!, accent: Colour(hex: "#0A84FF")!)

    /// A presentation whose placements show `layouts`, the others a plain field.
    private func presentation(badge: String = "Live", _ layouts: [Placement: [LayoutField]]) -> Presentation {
        var layout: [Placement: PlacementLayout] = [:]
        for placement in Placement.allCases {
            layout[placement] = PlacementLayout(fields: layouts[placement] ?? [LayoutField(id: "score", text: "2–1")])
        }
        return Presentation(phase: "live", badge: Badge(text: badge, tone: .green), relevance: Relevance(score: 50, alert: false),
                            layout: layout, palette: Palette(light: look, dark: look, standByNight: look))
    }

    @Test func aCleanPresentationHasNoFindings() {
        #expect(OutputFinding.findings(in: presentation([:]), now: 0).isEmpty)
    }

    @Test func emptyAndBlankTextsAreFindings() {
        let findings = OutputFinding.findings(in: presentation([
            .lockScreen: [LayoutField(id: "score", text: ""), LayoutField(id: "clock", text: "  ")],
        ]), now: 0)
        #expect(findings.map(\.description) == [
            "lockScreen.score: the text is empty: leave the field out instead",
            "lockScreen.clock: the text is empty (only spaces): leave the field out instead",
        ])
    }

    /// Two fields of one text, and a field repeating the badge where the placement shows it.
    @Test func aTextShownTwiceIsAFinding() {
        let findings = OutputFinding.findings(in: presentation(badge: "Half time", [
            .lockScreen: [LayoutField(id: "badge", text: "HT"), LayoutField(id: "clock", text: "Half time")],
            .islandExpanded: [LayoutField(id: "score", text: "2–1"), LayoutField(id: "clock", text: "Half time")],
            .watchSmartStack: [LayoutField(id: "score", text: "2–1"), LayoutField(id: "home", text: " 2–1")],
        ]), now: 0)
        #expect(findings.map(\.description) == [
            "lockScreen.clock: \"Half time\" is shown twice: field 'badge' shows it too",
            "watchSmartStack.home: \" 2–1\" is shown twice: field 'score' shows it too",
        ])
    }

    /// A notification has one chronometer and one bar (<doc:AndroidNotifications>): a second timer
    /// or progress is not drawn, and a live field on the title line leaves the title.
    @Test func anAndroidFieldTheNotificationCannotDrawIsAFinding() {
        let start = Date(timeIntervalSince1970: 600), end = Date(timeIntervalSince1970: 1200)
        let remaining = LayoutField(id: "remaining", text: "10:00 left", live: .timer(date: end, counts: .down, suffix: " left"), slot: "text", line: 1)
        let next = LayoutField(id: "next", text: "in 10:00", live: .timer(date: end, counts: .down, prefix: "in "), slot: "text", line: 1)
        let eta = LayoutField(id: "eta", text: "10:00", live: .timer(date: end, counts: .down), slot: "chip", line: 1)
        let bar = LayoutField(id: "bar", text: "0%", live: .progress(start: start, finish: end), slot: "progress", line: 1)
        let ring = LayoutField(id: "ring", text: "0%", live: .progress(start: start, finish: end), slot: "progress", line: 1)
        let findings = OutputFinding.findings(in: presentation([
            .androidOngoing: [LayoutField(id: "title", text: "Review", slot: "title", line: 1), remaining, next, eta, bar, ring],
            .lockScreen: [LayoutField(id: "title", text: "Review"), remaining, next, bar, ring],
        ]), now: 600)
        #expect(findings.filter { $0.kind == .notDrawn }.map(\.description) == [
            "androidOngoing.remaining: a notification has one chronometer, which shows 'eta': this timer is not drawn on Android",
            "androidOngoing.next: a notification has one chronometer, which shows 'eta': this timer is not drawn on Android",
            "androidOngoing.ring: a notification has one progress bar, which shows 'bar': this progress is not drawn on Android",
        ])
        let titled = OutputFinding.findings(in: presentation([.androidOngoing: [next, LayoutField(id: "where", text: "Studio", slot: "text", line: 1)]]), now: 600)
        #expect(titled.map(\.description) == [
            "androidOngoing.next: a live field on the title line leaves the notification's title on Android (its clock goes to the header, "
                + "its bar below the text): give the title a text field",
        ])
        #expect(OutputFinding.findings(in: presentation([.androidOngoing: [LayoutField(id: "title", text: "Review"), remaining, bar]]), now: 600).isEmpty)
    }

    @Test func anEmptyMinimalViewIsAFinding() {
        let findings = OutputFinding.findings(in: presentation([.islandMinimal: []]), now: 0)
        #expect(findings.map(\.description) == [
            "islandMinimal: the minimal view shows nothing: it must always show a field, such as a countdown or a score",
        ])
    }

    /// A text is measured on the slot its rule named, on the default slot when it named none,
    /// and on Android's title line when it is the notification's first field.
    @Test func aTextWiderThanItsSlotIsAFinding() {
        // 255 pt at 15 pt: fits Android's 268-pt text line; 289 pt at 17 pt on its title line.
        let title = String(repeating: "a", count: 31), body = String(repeating: "b", count: 31)
        let findings = OutputFinding.findings(in: presentation([
            .androidOngoing: [LayoutField(id: "title", text: title, slot: "text"), LayoutField(id: "step", text: body, slot: "text")],
            .lockScreen: [LayoutField(id: "title", text: title), LayoutField(id: "body", text: body, slot: "body")],
            .islandMinimal: [LayoutField(id: "score", text: "12–11", glyph: .dot(.green))],
        ]), now: 0)
        #expect(findings.map(\.description) == [
            "lockScreen.title: \"\(title)\" is 289.85 pt wide at 17 pt: wider than slot 'title' (285 pt)",
            "islandMinimal.score: \"12–11\" is 30.25 pt wide at 11 pt: wider than slot 'main' (28.67 pt)",
            "androidOngoing.title: \"\(title)\" is 289.85 pt wide at 17 pt: wider than slot 'title' (268 pt)",
        ])
    }

    /// Fields that share a line are measured together, with the gap between them and a progress
    /// taking the whole line: the first field that makes the line too wide is the finding.
    @Test func fieldsSharingALineWiderThanTheirSlotAreAFinding() {
        let now = Date(timeIntervalSince1970: 0), later = Date(timeIntervalSince1970: 600)
        let word = String(repeating: "a", count: 20), other = String(repeating: "b", count: 20)  // 165 pt at 15 pt
        let findings = OutputFinding.findings(in: presentation([
            .lockScreen: [LayoutField(id: "title", text: "Up", slot: "title", line: 1),
                          LayoutField(id: "a", text: word, slot: "body", line: 1), LayoutField(id: "b", text: other, slot: "body", line: 1),
                          LayoutField(id: "c", text: "x", slot: "body", line: 1),
                          LayoutField(id: "d", text: "0%", live: .progress(start: now, finish: later), slot: "body", line: 2),
                          LayoutField(id: "e", text: "y", slot: "body", line: 2)],
            .watchSmartStack: [LayoutField(id: "a", text: "ab", line: 1), LayoutField(id: "b", text: "cd", line: 1)],
        ]), now: 0)
        #expect(findings.map(\.description) == [
            "lockScreen.b: fields 'a', 'b' share line 1 of slot 'body' and take 338 pt of its 335 pt: give them lines of their own",
            "lockScreen.e: fields 'd', 'e' share line 2 of slot 'body' and take 351.25 pt of its 335 pt: give them lines of their own",
        ])
    }

    /// `"checks"` in pack.json: findings are warnings by default and errors when strict; any other
    /// value is an error at its line.
    @Test func checkReportsFindingsAsThePackAsks() throws {
        let minimalEmpty = """
            local layout = require "liverules.layout"
            return function(input)
              local all = layout.each(function() return { { id = "badge", text = "Next" } } end)
              all.islandMinimal = { fields = {} }
              return all
            end
            """
        /// The bundled pack with `"checks"` set to `checks`, or left out when nil.
        func check(_ checks: String?) throws -> [Diagnostic] {
            let temporary = try TemporaryPack(files: ["layout.lua": minimalEmpty])
            var manifest = try temporary.read("pack.json").replacingOccurrences(of: ",\n  \"checks\": \"strict\"", with: "")
            #expect(!manifest.contains("\"checks\""))
            if let checks {
                manifest = manifest.replacingOccurrences(of: "\"hostAPI\": 1,", with: "\"hostAPI\": 1,\n  \"checks\": \(checks),")
            }
            try manifest.write(to: temporary.directory.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
            return try PackCheck.run(packAt: temporary.directory, displayPath: "rules/meetings")
        }
        let finding = "islandMinimal: the minimal view shows nothing: it must always show a field, such as a countdown or a score"
        let warned = try check(nil).filter { $0.message == finding }
        #expect(warned.count > 1 && warned.allSatisfy { $0.severity == .warning && $0.file.hasPrefix("rules/meetings/fixtures/") })
        #expect(warned.contains { $0.file == "rules/meetings/fixtures/done.json" })
        #expect(try check("\"warn\"").filter { $0.message == finding }.count == warned.count)
        let strict = try check("\"strict\"").filter { $0.message == finding }
        #expect(strict.count == warned.count && strict.allSatisfy { $0.severity == .error })
        let wrong = try check("\"strct\"").map(\.description)
        #expect(wrong == ["rules/meetings/pack.json:5:13: error: 'checks' must be \"warn\" or \"strict\", got \"strct\" — did you mean strict?"])
    }

    /// `liverules check` measures each field on the slot `layout.place` measured it on: a text
    /// placed in the lock screen's body (335 pt at 15 pt) is not measured on its title line
    /// (285 pt at 17 pt), where it would not fit.
    @Test func checkMeasuresAFieldOnTheSlotLayoutPlacedItIn() throws {
        let bodyText = """
            local layout = require "liverules.layout"
            return function(input)
              return layout.each(function(placement)
                if placement ~= "lockScreen" then return { { id = "badge", text = "Up" } } end
                return { { id = "badge", text = "Up" }, { id = "title", text = string.rep("a", 32), slot = "body" } }
              end)
            end
            """
        let temporary = try TemporaryPack(files: ["layout.lua": bodyText])
        let widths = try PackCheck.run(packAt: temporary.directory, displayPath: "rules/meetings")
            .filter { $0.message.contains(" pt wide") }
        #expect(widths.isEmpty, "\(widths)")
        let title = OutputFinding.findings(in: presentation([.lockScreen: [LayoutField(id: "title", text: String(repeating: "a", count: 32))]]),
                                           now: 0)
        #expect(title.map(\OutputFinding.description).contains { $0.hasPrefix("lockScreen.title:") && $0.contains("wider than slot 'title'") })
    }
}
