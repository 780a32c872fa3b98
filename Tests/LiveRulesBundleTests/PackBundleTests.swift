#if Service
import Foundation
import LiveRules
@testable import LiveRulesBundle
import TestPacks
import Testing

/// `liverules bundle`'s archive: what it holds, that it is reproducible, and that a server gets
/// the same pack out of it.
@Suite struct PackBundleTests {
    let keys: BundleKeys
    let meetings = Paths.rules.appendingPathComponent("meetings")

    init() throws {
        keys = try BundleKeys()
    }

    @Test func holdsThePackItsFixturesAndGoldensButNotTheEditorTypes() throws {
        let bundle = try PackBundle(pack: meetings, displayPath: "rules/meetings", key: try keys.signing)
        let pack = try RulePack.load(from: meetings)
        #expect(bundle.manifest.pack == "meetings")
        #expect(bundle.manifest.version == pack.manifest.version)
        #expect(bundle.manifest.hash == pack.contentHash)
        let paths = Set(bundle.manifest.files.keys)
        #expect(paths.contains("pack.json") && paths.contains("badge.lua"))
        let fixtures = try pack.fixtureNames()
        #expect(fixtures.count > 10)
        for fixture in fixtures {
            #expect(paths.contains("fixtures/" + fixture))
            #expect(paths.contains("golden/" + fixture))
        }
        #expect(!paths.contains { $0.hasPrefix("types/") || $0.hasPrefix(".") })
        let members = try TarReader.files(of: bundle.archive, limit: 10_000).map(\.path)
        #expect(members.prefix(2) == [".manifest.json", ".signature"])
        #expect(Set(members.dropFirst(2)) == paths)
    }

    @Test func theSamePackAndKeyGiveTheSameBytes() throws {
        let first = try PackBundle(pack: meetings, displayPath: "rules/meetings", key: try keys.signing)
        let second = try PackBundle(pack: meetings, displayPath: "elsewhere", key: try keys.signing)
        #expect(first.archive == second.archive)
        #expect(first.keyID == (try keys.verify).id)
    }

    @Test func unpackingGivesThePackThatWasBundled() throws {
        let bundle = try PackBundle(pack: meetings, displayPath: "rules/meetings", key: try keys.signing)
        let opened = try OpenedBundle(archive: bundle.archive, keys: [try keys.verify])
        #expect(opened.manifest == bundle.manifest)
        let folder = TemporaryFolder.path("unpacked")
        defer { try? FileManager.default.removeItem(at: folder) }
        try opened.unpack(into: folder)
        let unpacked = try RulePack.load(from: folder)
        #expect(unpacked.contentHash == bundle.manifest.hash)
        #expect(try unpacked.fixtureNames() == (try RulePack.load(from: meetings).fixtureNames()))
        let golden = "golden/countdown-last.json"
        #expect(try Data(contentsOf: folder.appendingPathComponent(golden)) == Data(contentsOf: meetings.appendingPathComponent(golden)))
        // A second unpack into the same folder is refused rather than mixed with the first.
        #expect(throws: BundleError.self) { try opened.unpack(into: folder) }
    }

    @Test func theSystemTarListsAndExtractsIt() throws {
        let bundle = try PackBundle(pack: meetings, displayPath: "rules/meetings", key: try keys.signing)
        let file = TemporaryFolder.path("bundle").appendingPathExtension("tar")
        defer { try? FileManager.default.removeItem(at: file) }
        try bundle.archive.write(to: file)
        let listing = try Self.run("/usr/bin/env", ["tar", "-tf", file.path])
        #expect(listing.split(separator: "\n").count == bundle.manifest.files.count + 2)
        #expect(try Self.run("/usr/bin/env", ["tar", "-xOf", file.path, "pack.json"]) == String(contentsOf: meetings.appendingPathComponent("pack.json"), encoding: .utf8))
    }

    @Test func aPathLongerThanAUstarNameIsSplitIntoItsPrefix() throws {
        let long = String(repeating: "folder/", count: 20) + String(repeating: "n", count: 90) + ".json"
        let archive = try TarWriter.archive([(long, Data("{}".utf8)), ("short.lua", Data("return 1".utf8))])
        let files = try TarReader.files(of: archive, limit: 10)
        #expect(files.map(\.path) == [long, "short.lua"])
        #expect(files[0].bytes == Data("{}".utf8))
        #expect(throws: BundleError.self) { try TarWriter.archive([(String(repeating: "x", count: 101), Data())]) }
    }

    @Test func aPackThatDoesNotLoadIsNotBundled() throws {
        let broken = try TemporaryPack(files: ["badge.lua": "return function(input) return {"])
        #expect {
            try PackBundle(pack: broken.directory, displayPath: "broken", key: try keys.signing)
        } throws: { error in
            (error as? DiagnosticError)?.diagnostics.contains { $0.file.hasSuffix("badge.lua") } == true
        }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return String(decoding: output, as: UTF8.self)
    }
}
#endif
