import Foundation
@testable import LiveRules
import Lua
import TestPacks
import Testing

/// Live fields: a layout field's `live` form (a timer or a progress the device keeps current)
/// beside the text it reads now, from `liverules.time`'s helpers through `layout.place` to the
/// typed presentation and its JSON; bad forms refused at their path and rule line.
@Suite struct LiveFieldTests {
    /// 2026-03-02T09:30:00Z, the design review's start in the meetings fixtures; 08:00 the
    /// standup's.
    static let designStart = Date(timeIntervalSince1970: 1_772_443_800)
    static let standupStart = Date(timeIntervalSince1970: 1_772_438_400)

    /// The meetings pack with `layout` as its layout rule, presenting fixture countdown-middle
    /// (09:20, ten minutes before the design review).
    static func present(layout: String) throws -> Presentation {
        let temporary = try TemporaryPack(files: ["layout.lua": layout])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let input = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                     displayPath: "fixtures/countdown-middle.json", manifest: pack.manifest)
        return try Presenter(pack: pack).present(input)
    }

    /// A layout rule showing, everywhere, the fields `wanted` (Lua, with `design` the design review
    /// and `standup` the standup, `now` the fixture's now).
    static func layout(_ wanted: String) -> String {
        """
        local layout = require "liverules.layout"
        local time = require "liverules.time"
        return function(input)
          local now, meetings = input.now, input.state.meetings
          local standup, design
          for _, meeting in ipairs(meetings) do
            if meeting.id == "standup" then standup = meeting elseif meeting.id == "design" then design = meeting end
          end
          return layout.each(function(placement)
            return \(wanted)
          end)
        end
        """
    }

    @Test func aRuleReturningLiveFieldsPresentsThem() throws {
        let presentation = try Self.present(layout: Self.layout("""
            layout.wanted({ "countdown", "nextCountdown", "progress", "title" }, function(id)
                  if id == "countdown" then return time.countdown(design.start, now).text end
                  if id == "nextCountdown" then return time.countdown(design.start, now, "in %s").text end
                  if id == "progress" then return time.progress_field(standup.start, design.start, now).text end
                  return design.title
                end, nil, nil, nil, function(id)
                  if id == "countdown" then return time.countdown(design.start, now).live end
                  if id == "nextCountdown" then return time.countdown(design.start, now, "in %s").live end
                  if id == "progress" then return time.progress_field(standup.start, design.start, now).live end
                end)
            """))
        // All on the lock screen's one title line, but the progress, which takes a line of its own.
        let countdown = LayoutField(id: "countdown", text: "10:00", live: .timer(date: Self.designStart, counts: .down), slot: "title", line: 1)
        #expect(presentation.layout[.lockScreen]?.fields == [
            countdown,
            LayoutField(id: "nextCountdown", text: "in 10:00", live: .timer(date: Self.designStart, counts: .down, prefix: "in "),
                        slot: "title", line: 1),
            LayoutField(id: "title", text: "Design review", slot: "title", line: 1),
        ])
        #expect(presentation.layout[.lockScreen]?.dropped == ["progress"])
        // A timer is measured on its widest text: "00:00" is 27.5 pt of the minimal view's 28.67
        // at 11 pt, and "in 00:00" is not; the compact island's 44.33 pt hold "00:00" but not
        // "in 00:00". A progress is a bar that always fits.
        #expect(presentation.layout[.islandMinimal]?.fields.map(\.id) == ["countdown"])
        #expect(presentation.layout[.watchSmartStack]?.fields.map(\.id) == ["countdown", "nextCountdown", "progress"])
        #expect(presentation.layout[.islandCompactLeading]?.fields.map(\.id) == ["countdown"])
        // The golden shape: "live" between "id" and "text", dates as ISO-8601 text.
        let fields = try #require(presentation.layout[.lockScreen]?.fields)
        #expect(try JSONWriter.canonical(fields[0].json) == """
            {
              "id": "countdown",
              "line": 1,
              "live": {
                "timer": {
                  "counts": "down",
                  "date": "2026-03-02T09:30:00Z"
                }
              },
              "slot": "title",
              "text": "10:00"
            }

            """)
        let ring = try #require(presentation.layout[.watchSmartStack]?.fields.last)
        #expect(try JSONWriter.canonical(ring.json) == """
            {
              "id": "progress",
              "line": 2,
              "live": {
                "progress": {
                  "finish": "2026-03-02T09:30:00Z",
                  "start": "2026-03-02T08:00:00Z"
                }
              },
              "slot": "main",
              "text": "88%"
            }

            """)
        #expect(try presentation.canonicalJSON(placement: .lockScreen).contains(#""live": {"#))
        // The golden shape decodes to the same presentation.
        #expect(try JSONDecoder().decode(Presentation.self, from: Data(presentation.canonicalJSON().utf8)) == presentation)
    }

    /// A field without a live form writes the bytes it always did; with one, `"live"` sits between
    /// `"id"` and `"text"`; both round-trip through `Codable`.
    @Test func fieldsEncodeALiveFormOnlyWhenTheyHaveOne() throws {
        let plain = LayoutField(id: "remaining", text: "10m")
        #expect(try JSONWriter.canonical(plain.json) == "{\n  \"id\": \"remaining\",\n  \"text\": \"10m\"\n}\n")
        let timed = LayoutField(id: "remaining", text: "9:59 left", glyph: .dot(.green),
                                live: .timer(date: Date(timeIntervalSince1970: 1_000.5), counts: .up, suffix: " left"))
        #expect(try JSONWriter.canonical(timed.json) == """
            {
              "glyph": "dot",
              "id": "remaining",
              "live": {
                "timer": {
                  "counts": "up",
                  "date": "1970-01-01T00:16:40.5Z",
                  "suffix": " left"
                }
              },
              "text": "9:59 left"
            }

            """)
        let bar = LayoutField(id: "progress", text: "83%", live: .progress(start: .init(timeIntervalSince1970: 0), finish: .init(timeIntervalSince1970: 600)))
        for field in [plain, timed, bar] {
            let data = try JSONEncoder().encode(field)
            #expect(try JSONDecoder().decode(LayoutField.self, from: data) == field)
        }
        for wrong in [#"{"timer": {"date": "1970-01-01T00:00:00Z", "counts": "sideways"}}"#,
                      #"{"progress": {"start": "1970-01-01T00:10:00Z", "finish": "1970-01-01T00:00:00Z"}}"#,
                      #"{"timer": {"date": 0, "counts": "down"}}"#, #"{}"#] {
            #expect(throws: DecodingError.self, "\(wrong)") {
                _ = try JSONDecoder().decode(LayoutField.self, from: Data(#"{"id": "x", "text": "1", "live": \#(wrong)}"#.utf8))
            }
        }
    }

    /// Each bad live form is refused as the layout rule's error, at its path, on the line that
    /// wrote it where a text names it, else on the rule's `return`.
    @Test(arguments: [
        ("\"soon\"", "layout.place: field 1 ('countdown'): live must be a table such as time.countdown(...).live, got \"soon\""),
        ("{}", "layout.lockScreen.fields[1].live: expected { timer = { date, counts, prefix, suffix, showsHours } } or { progress = { start, finish } }, got an empty table"),
        ("{ timer = { date = 0, counts = \"down\" }, progress = { start = 0, finish = 1 } }",
         "layout.lockScreen.fields[1].live.progress: expected nothing (the keys are timer)"),
        ("{ timer = { date = 0, counts = \"down\", zone = \"UTC\" } }",
         "layout.lockScreen.fields[1].live.timer.zone: expected nothing (the keys are date, counts, prefix, suffix, showsHours)"),
        ("{ timer = { date = \"9:30\", counts = \"down\" } }",
         "layout.lockScreen.fields[1].live.timer.date: expected number, got string \"9:30\""),
        ("{ timer = { date = 0, counts = \"dwn\" } }",
         "layout.lockScreen.fields[1].live.timer.counts: expected one of down, up, got \"dwn\" — did you mean down?"),
        ("{ timer = { date = 0, counts = \"down\", prefix = 5 } }",
         "layout.lockScreen.fields[1].live.timer.prefix: expected string, got integer 5"),
        ("{ timer = { date = 0, counts = \"down\" } }",
         "layout.lockScreen.fields[1].text: field 'countdown' reads \"10:00\" but its live form reads \"0:00\" now, and a device draws the form"),
        ("{ timer = { date = 1/0, counts = \"down\" } }",
         "layout.lockScreen.fields[1].live.timer.date: expected a time in Unix seconds within ±100000000000 (about 3,000 years of 1970), got inf"),
        ("{ progress = { start = 600, finish = 600 } }",
         "layout.lockScreen.fields[1].live.progress.finish: finish must be after start, got start 600.0 and finish 600.0"),
        ("{ progress = { start = 0, finish = 0/0 } }", "layout.lockScreen.fields[1].live.progress.finish: expected a time in Unix seconds"),
    ])
    func badLiveFormsAreRefusedAtTheirPath(_ live: String, _ message: String) throws {
        #expect {
            _ = try Self.present(layout: Self.layout("{ { id = \"countdown\", text = \"10:00\", live = \(live) } }"))
        } throws: { error in
            let text = "\(error)"
            let found = text.hasPrefix("rules/meetings/layout.lua:") && text.contains(": error: " + message)
            if !found { Issue.record("\(text)") }
            return found
        }
    }

    /// A string at fault is found where the rule wrote it.
    @Test func aBadSpellingIsFoundWhereItIsWritten() throws {
        #expect {
            _ = try Self.present(layout: Self.layout("""
                {
                      { id = "countdown", text = "10:00",
                        live = { timer = { date = 0, counts = "dwn" } } } }
                """))
        } throws: { error in
            "\(error)".hasPrefix("rules/meetings/layout.lua:12:38: error: layout.lockScreen.fields[1].live.timer.counts:")
        }
    }

    /// The helpers' texts are the readings the host checks them against and a device draws:
    /// `liverules.time` (Lua) and `LiveForm` (Swift) agree on thousands of fractional dates,
    /// partial seconds and hours included, before and after the date.
    @Test func theHelpersTextsAreTheReadingsTheHostChecks() throws {
        let lua = try LuaState(sandbox: LuaSandbox(hostModules: HostResources.helpers, hostModulePrefix: HostResources.modulePrefix))
        HostFunctions.install(in: lua)
        let function = try lua.call(try lua.load("""
            local time = require "liverules.time"
            return function(kind, a, b, now)
              if kind == 0 then return time.countdown(a, now, "in %s").text end
              if kind == 1 then return time.elapsed(a, now, "%s'").text end
              return time.progress_field(a, b, now).text
            end
            """, chunkName: "readings.lua"), returning: LuaRef.self)
        var generator = SplitMix64(seed: 30)
        for _ in 0..<3_000 {
            let date = 1_772_443_800 + Double(Int.random(in: -20_000...20_000, using: &generator)) / 8
            let now = date + Double.random(in: -9_000...9_000, using: &generator)
            let finish = date + Double.random(in: 0.001...7_200, using: &generator)
            let moment = Date(timeIntervalSince1970: now)
            for (kind, form) in [(0, LiveForm.timer(date: Date(timeIntervalSince1970: date), counts: .down, prefix: "in ")),
                                 (1, LiveForm.timer(date: Date(timeIntervalSince1970: date), counts: .up, suffix: "'")),
                                 (2, LiveForm.progress(start: Date(timeIntervalSince1970: date), finish: Date(timeIntervalSince1970: finish)))] {
                let text = try lua.call(function, kind, date, finish, now, returning: String.self)
                #expect(text == form.reading(at: moment), "kind \(kind), date \(date), now \(now), finish \(finish)")
            }
        }
    }

    /// A timer is measured on the widest text it reads: digits of one width, minutes in two
    /// digits, an hour digit as soon as it can read an hour; a count-up until the given end.
    @Test func aTimerIsMeasuredOnItsWidestReading() {
        let start = Date(timeIntervalSince1970: 10_000)
        let down = LiveForm.timer(date: start, counts: .down, prefix: "in ")
        #expect(down.widestReading(from: start.addingTimeInterval(-599), until: nil) == "in 00:00")
        #expect(down.widestReading(from: start.addingTimeInterval(-3_600), until: nil) == "in 0:00:00")
        #expect(down.widestReading(from: start.addingTimeInterval(-36_000), until: nil) == "in 00:00:00")
        let up = LiveForm.timer(date: start, counts: .up, suffix: "'")
        #expect(up.widestReading(from: start.addingTimeInterval(2_700), until: nil) == "00:00'")
        #expect(up.widestReading(from: start.addingTimeInterval(2_700), until: start.addingTimeInterval(3_600)) == "0:00:00'")
        #expect(LiveForm.progress(start: start, finish: start.addingTimeInterval(1)).widestReading(from: start, until: nil) == nil)
    }
}

