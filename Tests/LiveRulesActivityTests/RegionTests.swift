import Foundation
import LiveRulesActivity
import Testing

/// Where a placement draws its fields: `regions` gives each field of a placement's list its
/// region and line, read leniently (a region that is not `"slot:line"` is none; a list of
/// another length than the placement's is as none sent), kept aligned when a field is skipped,
/// and written back as it was read.
@Suite struct RegionTests {
    /// A body whose lock screen lists four fields (the third an index out of range) and their
    /// regions, and whose expanded island lists two with one region too few.
    static let body = """
        { "v": 1, "phase": "progress", "badge": { "text": "In progress", "tone": "green" },
          "fields": [ { "id": "badge", "text": "In progress" }, { "id": "title", "text": "Design review" },
                      { "id": "remaining", "text": "24:59 left" }, { "id": "location", "text": "Studio" } ],
          "placements": { "lockScreen": [1, 0, 9, 2, 3], "islandExpanded": [1, 2] },
          "regions": { "lockScreen": ["title:1", "body:1", "body:1", "body:1", "body:0"], "islandExpanded": ["leading:1"] },
          "palette": {} }
        """

    @Test func linesGroupARegionsFieldsInOrder() throws {
        let presentation = try JSONDecoder().decode(LivePresentation.self, from: Data(Self.body.utf8))
        let ids = { (lines: [[LiveField]]) in lines.map { $0.map(\.id) } }
        #expect(ids(presentation.lines(in: .lockScreen, region: "title")) == [["title"]])
        // The skipped index takes its region with it; "body:0" is no region.
        #expect(ids(presentation.lines(in: .lockScreen, region: "body")) == [["badge", "remaining"]])
        let location = try #require(presentation.fields(in: .lockScreen).first { $0.id == "location" })
        #expect(presentation.region(of: location, in: .lockScreen) == nil)
        let title = try #require(presentation.fields(in: .lockScreen).first)
        #expect(presentation.region(of: title, in: .lockScreen) == LiveRegion(slot: "title", line: 1))
        // One region for two fields: none for the placement; its fields are still there.
        #expect(presentation.lines(in: .islandExpanded, region: "leading").isEmpty)
        #expect(presentation.fields(in: .islandExpanded).map(\.id) == ["title", "remaining"])
        #expect(presentation.lines(in: .watchSmartStack, region: "main").isEmpty)
    }

    @Test func regionsSurviveEncodingAndDecoding() throws {
        let presentation = try JSONDecoder().decode(LivePresentation.self, from: Data(Self.body.utf8))
        let again = try JSONDecoder().decode(LivePresentation.self, from: JSONEncoder().encode(presentation))
        #expect(again == presentation)
        #expect(again.lines(in: .lockScreen, region: "body").map { $0.map(\.id) } == [["badge", "remaining"]])
    }

    @Test(arguments: ["body", "body:", ":1", "body:x", "body:-1", "a:b:1", ""])
    func aRegionThatIsNotSlotColonLineIsNone(_ spelling: String) throws {
        let body = """
            { "fields": [ { "id": "title", "text": "A" } ], "placements": { "lockScreen": [0] },
              "regions": { "lockScreen": ["\(spelling)"] } }
            """
        let presentation = try JSONDecoder().decode(LivePresentation.self, from: Data(body.utf8))
        let field = try #require(presentation.fields(in: .lockScreen).first)
        #expect(presentation.region(of: field, in: .lockScreen) == nil)
    }
}
