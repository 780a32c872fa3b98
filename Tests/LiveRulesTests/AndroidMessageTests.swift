import Foundation
@testable import LiveRules
import Testing

/// The FCM message's texts for an app that draws no presentation: the status-bar chip's is the
/// `chip` slot's text, never a timer's (the chip shows the chronometer itself).
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
}
