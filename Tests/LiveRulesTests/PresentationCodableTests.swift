import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// `Presentation` is `Codable` in exactly the golden shape, and `json()` is that shape.
@Suite struct PresentationCodableTests {
    /// Every bundled golden, as `<pack>/golden/<name>.json` paths relative to `rules/`.
    static let goldens: [String] = {
        let packs = (try? FileManager.default.contentsOfDirectory(atPath: Paths.rules.path)) ?? []
        return packs.sorted().flatMap { pack in
            let folder = Paths.rules.appendingPathComponent("\(pack)/golden").path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { "\(pack)/golden/\($0)" }
        }
    }()

    private func value(_ data: Data) throws -> JSONValue {
        try JSONParser.parse(data).value
    }

    @Test func thereAreGoldensOfEveryPack() {
        #expect(Self.goldens.count >= 50, "\(Self.goldens.count)")
        #expect(Set(Self.goldens.map { $0.split(separator: "/")[0] }) == ["delivery", "match", "meetings"])
    }

    @Test(arguments: goldens)
    func aGoldenDecodesAndEncodesToItself(golden: String) throws {
        let data = try Data(contentsOf: Paths.rules.appendingPathComponent(golden))
        let presentation = try JSONDecoder().decode(Presentation.self, from: data)
        #expect(try value(JSONEncoder().encode(presentation)) == value(data))
        #expect(try presentation.canonicalJSON() == String(decoding: data, as: UTF8.self), "byte for byte")
    }

    @Test func jsonEncoderAndJSONAgreeWithAFallbackAndWithout() throws {
        let light = Appearance(background: Colour(red: 255, green: 255, blue: 255), foreground: Colour(red: 0, green: 0, blue: 0),
                               accent: Colour(red: 0x34, green: 0xC7, blue: 0x59))
        var dark = light
        dark.fallback = "too dark"
        let layout = Dictionary(uniqueKeysWithValues: Placement.allCases.map {
            ($0, PlacementLayout(fields: [LayoutField(id: "title", text: "\($0.rawValue) \"quoted\"")], dropped: ["eta"]))
        })
        let presentation = Presentation(phase: "live", badge: Badge(text: "Live", tone: .green),
                                        relevance: Relevance(score: 72.5, alert: true), layout: layout,
                                        palette: Palette(light: light, dark: dark, standByNight: light))
        let encoded = try JSONEncoder().encode(presentation)
        #expect(try JSONWriter.canonical(value(encoded)) == presentation.canonicalJSON())
        #expect(try value(encoded) == value(Data(presentation.canonicalJSON().utf8)))
        let palette = presentation.json()["palette"]
        #expect(palette?["light"]?["fallback"] == .null)
        #expect(palette?["dark"]?["fallback"] == .string("too dark"))
        #expect(palette?["dark"]?["accent"] == .string("#34C759"))
        #expect(presentation.json()["layout"]?["islandMinimal"]?["dropped"] == .array([.string("eta")]))
        #expect(try JSONDecoder().decode(Presentation.self, from: encoded) == presentation)
    }

    @Test func onePlacementKeepsOnlyItsLayout() throws {
        let data = try Data(contentsOf: Paths.rules.appendingPathComponent(Self.goldens[0]))
        let presentation = try JSONDecoder().decode(Presentation.self, from: data)
        guard case .object(let layouts)? = presentation.json(placement: .standBy)["layout"] else {
            Issue.record("no layout object")
            return
        }
        #expect(Array(layouts.keys) == ["standBy"])
        #expect(layouts["standBy"] == presentation.json()["layout"]?["standBy"])
    }

    @Test func aPlacementThatIsNotOneFailsToDecode() throws {
        let data = try Data(contentsOf: Paths.rules.appendingPathComponent(Self.goldens[0]))
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"standBy\":", with: "\"standby\":")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Presentation.self, from: Data(text.utf8)) }
    }
}
