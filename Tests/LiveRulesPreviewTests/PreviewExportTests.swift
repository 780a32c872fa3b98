import Foundation
import Testing
@testable import LiveRulesPreview

/// `--export`: a static copy that needs no server.
struct PreviewExportTests {
    @Test func writesOneSelfContainedReadOnlyPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let studio = try PreviewStudio(paths: [RunningStudio.root.appendingPathComponent("rules").path], watches: false, readOnlyReason: nil)
        defer { studio.stop() }
        let file = try PreviewExport.write(studio, to: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index.html"])
        let page = try String(contentsOf: file, encoding: .utf8)
        #expect(!page.contains("src=\"studio.js\"") && !page.contains("href=\"studio.css\""), "script and style are inline")
        #expect(!page.contains("{{token}}") && page.contains("content=\"\""), "no token in a static copy")
        let start = try #require(page.range(of: "<script id=\"studio-data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        #expect(data?["readOnly"] as? Bool == true)
        let packs = (data?["packs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(packs == ["delivery", "match", "meetings"])
        #expect(page.contains("EventSource") && page.contains("studio-data"))
    }
}
