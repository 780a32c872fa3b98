import Foundation
@testable import LiveRules
import TestPacks
import Testing

/// The canonical text ``JSONWriter`` and ``Presentation/canonicalJSON(placement:)`` write
/// straight to bytes is, byte for byte, what a plain reference writer of the same rules makes
/// from the JSON tree: on every golden and fixture of the bundled packs, on every presentation
/// of their fixtures (whole and per placement), and on values with every kind of escape.
@Suite struct CanonicalTextTests {
    /// The text the canonical rules describe, built the simplest way: the tree walked with
    /// Swift strings, keys sorted by UTF-8 bytes, each string escaped one scalar at a time.
    static func reference(_ value: JSONValue, indent: Int? = 0) -> String {
        func quoted(_ text: String) -> String {
            var output = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{08}": output += "\\b"
                case "\u{0C}": output += "\\f"
                case "\u{00}"..."\u{1F}", "\u{7F}":
                    let digits = String(scalar.value, radix: 16)
                    output += "\\u00" + (digits.count == 1 ? "0" : "") + digits
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output + "\""
        }
        func items(_ texts: [String], open: String, close: String) -> String {
            guard !texts.isEmpty else { return open + close }
            guard let indent else { return open + texts.joined(separator: ",") + close }
            let inner = String(repeating: "  ", count: indent + 1)
            return open + "\n" + texts.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + close
        }
        let deeper = indent.map { $0 + 1 }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let integer): return String(integer)
        case .number(let number):
            return number.magnitude < 9_007_199_254_740_992 && number.rounded(.towardZero) == number
                ? String(Int64(number)) : number.description
        case .string(let text): return quoted(text)
        case .array(let elements):
            return items(elements.map { reference($0, indent: deeper) }, open: "[", close: "]")
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return items(sorted.map { quoted($0.key) + (indent == nil ? ":" : ": ") + reference($0.value, indent: deeper) },
                         open: "{", close: "}")
        }
    }

    /// Every JSON file of the bundled packs' goldens and fixtures.
    static var bundledFiles: [URL] {
        PackFinder.packs(at: Paths.rules).flatMap { pack in
            ["golden", "fixtures"].flatMap { folder in
                let url = pack.appendingPathComponent(folder)
                let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
                return names.filter { $0.hasSuffix(".json") }.sorted().map { url.appendingPathComponent($0) }
            }
        }
    }

    @Test func everyGoldenIsItsOwnCanonicalTextAndTheReferences() throws {
        let goldens = Self.bundledFiles.filter { $0.deletingLastPathComponent().lastPathComponent == "golden" }
        #expect(goldens.count == BundledFixtures.total)
        for url in goldens {
            let text = try String(contentsOf: url, encoding: .utf8)
            let value = try JSONParser.parse(text).value
            #expect(try JSONWriter.canonical(value) == text, "\(url.lastPathComponent)")
            #expect(Self.reference(value) + "\n" == text, "\(url.lastPathComponent)")
        }
    }

    @Test func everyBundledFileWritesAsTheReferenceDoes() throws {
        let files = Self.bundledFiles
        #expect(files.count == 2 * BundledFixtures.total)
        for url in files {
            let value = try JSONParser.parse(Data(contentsOf: url)).value
            #expect(try JSONWriter.canonical(value) == Self.reference(value) + "\n", "\(url.path)")
            #expect(try JSONWriter.compact(value) == Self.reference(value, indent: nil), "\(url.path)")
        }
    }

    @Test func everyPresentationOfTheBundledPacksWritesAsItsTreeDoes() throws {
        var presented = 0
        for folder in PackFinder.packs(at: Paths.rules) {
            let pack = try RulePack.load(from: folder)
            let presenter = try Presenter(pack: pack)
            for name in try pack.fixtureNames() {
                let fixture = try Fixture.load("fixtures/" + name, in: pack.folder, manifest: pack.manifest)
                let presentation = try presenter.present(fixture)
                let golden = try String(contentsOf: folder.appendingPathComponent("golden/" + name), encoding: .utf8)
                #expect(try presentation.canonicalJSON() == golden, "\(name)")
                #expect(try presentation.canonicalUTF8() == Array(golden.utf8), "\(name)")
                #expect(try JSONWriter.canonical(presentation.json()) == golden, "\(name)")
                for placement in Placement.allCases {
                    #expect(try presentation.canonicalJSON(placement: placement) == Self.reference(presentation.json(placement: placement)) + "\n",
                            "\(name) \(placement)")
                }
                presented += 1
            }
        }
        #expect(presented == BundledFixtures.total)
    }

    /// Every optional part present and absent, and text with every kind of escape.
    @Test func handMadePresentationsWriteAsTheirTrees() throws {
        let colour = Colour(red: 0x12, green: 0xAB, blue: 0xEF)
        let odd = "q\"b\\s/n\nr\rt\tb\u{08}f\u{0C}\u{01}\u{1F}\u{7F}é😀\u{0}ﬁ e\u{301}"
        let appearance = Appearance(background: colour, foreground: colour, accent: colour)
        let fallback = Appearance(background: colour, foreground: colour, accent: colour, fallback: odd)
        let layout = PlacementLayout(fields: [LayoutField(id: "title", text: odd, glyph: Glyph(spelling: "red dot")),
                                              LayoutField(id: "é", text: "")],
                                     dropped: ["x", odd])
        let bare = Presentation(phase: odd, badge: Badge(text: odd, tone: .critical), relevance: Relevance(score: 0.125, alert: true),
                                layout: [.lockScreen: layout, .islandMinimal: PlacementLayout(fields: [])],
                                palette: Palette(light: appearance, dark: fallback, standByNight: appearance))
        var timed = bare
        timed.timing = Timing(stale: Date(timeIntervalSince1970: 1_772_444_700.5), alert: AlertText(title: odd, body: "b"))
        var scored = timed
        scored.relevance.score = -1e-05
        scored.timing = Timing(dismissal: Date(timeIntervalSince1970: 0))
        for presentation in [bare, timed, scored] {
            let text = try presentation.canonicalJSON()
            #expect(text == Self.reference(presentation.json()) + "\n")
            #expect(try JSONWriter.canonical(JSONParser.parse(text).value) == text)
            #expect(try presentation.canonicalJSON(placement: .islandMinimal) == Self.reference(presentation.json(placement: .islandMinimal)) + "\n")
        }
    }

    @Test func aNonFiniteScoreIsRefusedNamingItsPath() {
        let black = Appearance(background: Colour(red: 0, green: 0, blue: 0), foreground: Colour(red: 0, green: 0, blue: 0),
                               accent: Colour(red: 0, green: 0, blue: 0))
        var presentation = Presentation(phase: "p", badge: Badge(text: "t", tone: .neutral), relevance: Relevance(score: 0, alert: false),
                                        layout: [:], palette: Palette(light: black, dark: black, standByNight: black))
        presentation.relevance.score = .nan
        #expect(throws: JSONWriter.NonFiniteNumberError.self) { try presentation.canonicalJSON() }
        do {
            _ = try presentation.canonicalUTF8()
            Issue.record("a NaN score was written")
        } catch let error as JSONWriter.NonFiniteNumberError {
            #expect(error.path == "relevance.score")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Parsing without positions gives the same values, and the same errors at the same places.
    @Test func parsingWithoutPositionsReadsTheSameValuesAndErrors() throws {
        for url in Self.bundledFiles {
            let bytes = try [UInt8](Data(contentsOf: url))
            let positioned = try JSONParser.parse(bytes)
            let bare = try JSONParser.parse(bytes, positions: false)
            #expect(bare.value == positioned.value, "\(url.path)")
            #expect(bare.positions.count == 0)
            #expect(positioned.positions.count > 0)
        }
        let broken = [#"{"a": [1, 2,]}"#, "{\"a\":\n \"x\u{1}\"}", #"{"a": 1, "a": 2}"#, "[\"\\q\"]", #"{"k": "unterminated"#, "[01]", "{\"é\": tru}"]
        for text in broken {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8), positions: false) }
            var errors: [JSONSyntaxError] = []
            for positions in [true, false] {
                do { _ = try JSONParser.parse(Array(text.utf8), positions: positions) } catch { errors.append(error) }
            }
            #expect(errors.count == 2 && errors[0] == errors[1], "\(text)")
        }
    }
}
