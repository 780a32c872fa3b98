import Foundation
import LiveRules
import Testing

/// `Colour`: parsing `#RRGGBB`, its channels and text, and its JSON form.
@Suite struct ColourTests {
    @Test func hexTextGivesItsChannels() throws {
        let colour = try #require(Colour(hex: "#34C759"))
        #expect((colour.red, colour.green, colour.blue) == (0x34, 0xC7, 0x59))
        #expect(colour.hex == "#34C759" && colour.description == "#34C759")
        let orange = try #require(Colour(hex: "#ff8000"))
        #expect((orange.red, orange.green, orange.blue) == (255, 128, 0))
    }

    @Test func eitherCaseNamesOneColourWrittenInUppercase() throws {
        let lower = try #require(Colour(hex: "#abcdef"))
        let mixed = try #require(Colour(hex: "#aBcDeF"))
        #expect(lower == mixed && lower == Colour(red: 0xAB, green: 0xCD, blue: 0xEF))
        #expect(Set([lower, mixed]).count == 1)
        #expect(lower.hex == "#ABCDEF")
    }

    @Test(arguments: ["", "#", "#12345", "#1234567", "123456", "#GG0000", "#12 456", "#-12345", "##12345", "#１２３４５６", "#abcde\u{301}"])
    func anythingElseIsNotAColour(text: String) {
        #expect(Colour(hex: text) == nil)
        #expect(!Colour.isValid(text))
    }

    @Test func everyChannelValueSurvivesItsText() throws {
        for value in UInt8.min...UInt8.max {
            let colour = Colour(red: value, green: 255 - value, blue: value / 2)
            #expect(Colour.isValid(colour.hex))
            #expect(Colour(hex: colour.hex) == colour)
            #expect(Colour(hex: colour.hex.lowercased()) == colour)
        }
    }

    @Test func encodesAsItsHexText() throws {
        let data = try JSONEncoder().encode([Colour(red: 0x0A, green: 0x84, blue: 0xFF)])
        #expect(String(decoding: data, as: UTF8.self) == ##"["#0A84FF"]"##)
        #expect(try JSONDecoder().decode([Colour].self, from: Data(##"["#0a84ff"]"##.utf8)) == [Colour(red: 0x0A, green: 0x84, blue: 0xFF)])
    }

    @Test func decodingAnythingElseThrowsNamingWhatItGotAndWhere() throws {
        let json = ##"{"background": "#000000", "foreground": "#FFFFFF", "accent": "#12345", "fallback": null}"##
        let error = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Appearance.self, from: Data(json.utf8)) }
        guard case .dataCorrupted(let context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.debugDescription == ##"expected a colour #RRGGBB, got "#12345""##)
        #expect(context.codingPath.map(\.stringValue) == ["accent"])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Colour.self, from: Data("12".utf8)) }
    }
}
