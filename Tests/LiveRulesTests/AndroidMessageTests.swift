import Foundation
@testable import LiveRules
import Testing

/// The FCM message's texts for an app that draws no presentation: the status-bar chip's is the
/// `chip` slot's text, never a timer's (the chip shows the chronometer itself), but for a timer
/// without hours, which Android draws as its minutes.
@Suite struct AndroidMessageTests {
    private func message(_ fields: [LayoutField]) throws -> AndroidMessage {
        let look = Appearance(background: Colour(hex: "#000000")!, foreground: Colour(hex: "#FFFFFF")!, accent: Colour(hex: "#0A84FF")!)
        var layout = Dictionary(uniqueKeysWithValues: Placement.allCases.map { ($0, PlacementLayout(fields: [LayoutField(id: "score", text: "2–1")])) })
        layout[.androidOngoing] = PlacementLayout(fields: fields)
        let presentation = Presentation(phase: "live", badge: Badge(text: "Live", tone: .green), relevance: Relevance(score: 50, alert: false),
                                        layout: layout, palette: Palette(light: look, dark: look, standByNight: look))
        return try AndroidMessage(.update, presentation: presentation, now: 600)
    }

    @Test func theChipTextIsTheChipSlotsTextWithoutALiveForm() throws {
        let score = LayoutField(id: "score", text: "Arsenal 1–0 Chelsea", slot: "title", line: 1)
        #expect(try message([score, LayoutField(id: "clock", text: "HT", slot: "chip", line: 1)]).data["shortCriticalText"] == "HT")
        let clock = LayoutField(id: "clock", text: "29:10", live: .timer(date: Date(timeIntervalSince1970: -1150), counts: .up), slot: "chip", line: 1)
        #expect(try message([score, clock]).data["shortCriticalText"] == "")
        #expect(try message([score, LayoutField(id: "event", text: "Goal", slot: "text", line: 1)]).data["shortCriticalText"] == "")
    }

    /// At the push (600), 3,980 s after the half's clock started: "66:20" on iOS, "66'" in the
    /// chip; in stoppage time "90+3'".
    @Test func aTimerWithoutHoursIsTheChipsTextAsItsMinutes() throws {
        let score = LayoutField(id: "score", text: "Arsenal 1–0 Chelsea", slot: "title", line: 1)
        let clock = LayoutField(id: "clock", text: "66:20", live: .timer(date: Date(timeIntervalSince1970: -3380), counts: .up, showsHours: false),
                                slot: "chip", line: 1)
        #expect(try message([score, clock]).data["shortCriticalText"] == "66'")
        let stoppage = LayoutField(id: "clock", text: "90+3:20", live: .timer(date: Date(timeIntervalSince1970: 400), counts: .up, prefix: "90+",
                                                                               showsHours: false), slot: "chip", line: 1)
        let pushed = try message([score, stoppage, LayoutField(id: "event", text: "Goal", slot: "text", line: 1)])
        #expect(pushed.data["shortCriticalText"] == "90+3'")
        #expect(pushed.data["text"] == "90+3' · Goal", "the message's own text draws it as Android does")
        #expect(try message([clock]).data["title"] == "66'")
    }
}
