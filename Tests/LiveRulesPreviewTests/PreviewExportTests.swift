#if Studio
import Foundation
import HTTPTestSupport
import Testing
import TestPacks

/// `liverules preview --export`: a static copy that needs no server.
struct PreviewExportTests {
    @Test func writesOneSelfContainedReadOnlyPage() throws {
        let folder = TemporaryFolder.path("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = ["preview", Paths.root.appendingPathComponent("rules").path, "--export", folder.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["index.html"])
        let page = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!page.contains("src=\"studio.js\"") && !page.contains("href=\"studio.css\""), "script and style are inline")
        #expect(!page.contains("{{token}}") && page.contains("name=\"liverules-token\" content=\"\""), "no token in a static copy")
        let start = try #require(page.range(of: "<script id=\"studio-data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        #expect(data?["readOnly"] as? Bool == true)
        let packs = (data?["packs"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(packs == ["delivery", "match", "meetings"])
        #expect(page.contains("EventSource") && page.contains(".surface-islandCompact"))
    }
}
#endif
