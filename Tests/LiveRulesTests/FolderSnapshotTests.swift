import Foundation
import TestPacks
import Testing
@testable import LiveRules

/// What a polling scan tells apart, on real files: content, size, time, identity, entries.
@Suite struct FolderSnapshotTests {
    private let base = TemporaryFolder.path("folder-snapshot")
    private var root: String { base.path + "/rules" }

    init() throws {
        try FileManager.default.createDirectory(atPath: base.path + "/rules/a/fixtures", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base.path + "/outside/deep", withIntermediateDirectories: true)
        try write("rules/a/rules.lua", "-- one")
        try write("rules/a/fixtures/one.json", "{}")
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: base.appendingPathComponent(path))
    }

    private func setDate(_ date: Date, of path: String) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: base.path + "/" + path)
    }

    /// The changes since `before`, as paths under `base` and whether each is a folder.
    private func changes(since before: FolderSnapshot) -> [String: Bool] {
        let changes = FolderSnapshot(scanning: [root]).changes(since: before)
        return Dictionary(uniqueKeysWithValues: changes.map { (String($0.path.dropFirst(base.path.count + 1)), $0.isFolder) })
    }

    @Test func nothingChangedIsNoChange() {
        let before = FolderSnapshot(scanning: [root])
        #expect(before.entries.count == 5)
        #expect(changes(since: before).isEmpty)
    }

    @Test func aRewriteOfTheSameSizeIsSeenByItsTime() throws {
        try setDate(Date(timeIntervalSince1970: 1_700_000_000), of: "rules/a/rules.lua")
        let before = FolderSnapshot(scanning: [root])
        try write("rules/a/rules.lua", "-- two")
        try setDate(Date(timeIntervalSince1970: 1_700_000_000.001), of: "rules/a/rules.lua")
        #expect(changes(since: before) == ["rules/a/rules.lua": false])
    }

    @Test func aFileRenamedOverAnotherIsSeenByItsIdentity() throws {
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        try write("rules/a/.rules.lua.tmp", "-- one")
        for path in ["rules/a/rules.lua", "rules/a/.rules.lua.tmp", "rules/a"] { try setDate(modified, of: path) }
        let before = FolderSnapshot(scanning: [root])
        #expect(rename(base.path + "/rules/a/.rules.lua.tmp", base.path + "/rules/a/rules.lua") == 0)
        try setDate(modified, of: "rules/a")
        #expect(changes(since: before) == ["rules/a/rules.lua": false, "rules/a/.rules.lua.tmp": false])
    }

    @Test func removedAndAddedEntriesAreChangesWithWhetherTheyAreFolders() throws {
        let before = FolderSnapshot(scanning: [root])
        try FileManager.default.removeItem(atPath: root + "/a/fixtures")
        try FileManager.default.createDirectory(atPath: root + "/b/golden", withIntermediateDirectories: true)
        #expect(changes(since: before) == ["rules": true, "rules/a": true, "rules/a/fixtures": true, "rules/a/fixtures/one.json": false,
                                           "rules/b": true, "rules/b/golden": true])
    }

    @Test func aLinkIsAnEntryNotFollowed() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked", withDestinationPath: base.path + "/outside")
        let before = FolderSnapshot(scanning: [root])
        #expect(before.entries[root + "/a/linked"]?.isFolder == false)
        #expect(before.entries.keys.allSatisfy { !$0.hasPrefix(root + "/a/linked/") })
        try write("outside/deep/new.json", "{}")
        #expect(changes(since: before).isEmpty)
    }

    @Test func aMissingRootHasNoEntries() {
        #expect(FolderSnapshot(scanning: [base.path + "/missing"]).entries.isEmpty)
    }
}
