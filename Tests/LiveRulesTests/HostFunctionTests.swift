import Foundation
@testable import LiveRules
import Testing

/// `time.clock`, the helper that needs the host: wall-clock time in an IANA zone.
@Suite struct HostFunctionTests {
    @Test func clockUsesTheZoneNotTheMachine() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let winter = try #require(ISO8601.parse("2026-03-02T08:00:00Z"))
        let summer = try #require(ISO8601.parse("2026-07-02T08:05:59Z"))
        #expect(HostFunctions.clock(winter, in: berlin) == "09:00")
        #expect(HostFunctions.clock(summer, in: berlin) == "10:05")
        #expect(HostFunctions.clock(winter, in: tokyo) == "17:00")
    }

    @Test func rulesReachItThroughTheTimeModuleAndBadZonesAreErrors() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            local time = require "liverules.time"
            return function(input)
              local ok, e = pcall(time.clock, 0, "Mars/Olympus")
              return { text = time.clock(input.now, input.attributes.timeZone) .. " " .. tostring(e), tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "x.json", manifest: pack.manifest)
        let text = try Presenter(pack: pack).present(fixture).badge.text
        #expect(text == "10:20 rules/meetings/badge.lua:3: time.clock: unknown time zone 'Mars/Olympus' (use an IANA name such as \"Europe/Berlin\")")
    }

    /// Every argument a host function reads is checked: dates that are not finite or lie
    /// thousands of years away are errors in the rule, not traps in the host.
    @Test func datesOutOfRangeAreErrors() throws {
        let temporary = try TemporaryPack(files: ["badge.lua": """
            local time = require "liverules.time"
            return function(input)
              local seen = {}
              for _, date in ipairs({ 1/0, -1/0, 0/0, 1e300, -1e12 }) do
                local ok, e = pcall(time.clock, date, "UTC")
                seen[#seen + 1] = tostring(ok) .. ":" .. (tostring(e):match("expected a date") or tostring(e))
              end
              return { text = table.concat(seen, " "), tone = "neutral" }
            end
            """])
        let pack = try RulePack.load(from: temporary.directory, displayPath: "rules/meetings")
        let fixture = try Fixture.load(from: temporary.directory.appendingPathComponent("fixtures/countdown-middle.json"),
                                       displayPath: "x.json", manifest: pack.manifest)
        let text = try Presenter(pack: pack).present(fixture).badge.text
        #expect(text == Array(repeating: "false:expected a date", count: 5).joined(separator: " "))
    }
}
