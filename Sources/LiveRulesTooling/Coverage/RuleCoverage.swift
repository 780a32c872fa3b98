import Foundation
import LiveRules
import Lua

/// Which lines of one rule file the fixtures ran.
package struct RuleCoverage: Sendable, Hashable {
    /// The file's chunk name: `rules/meetings/badge.lua`.
    package var file: String
    /// Lines that hold code.
    package var executable: Set<Int>
    /// Executable lines no fixture ran.
    package var uncovered: [Int]

    package var percent: Double {
        executable.isEmpty ? 100 : Double(executable.count - uncovered.count) * 100 / Double(executable.count)
    }

    /// The coverage of every Lua file in each pack (rules and the pack's own modules), from the
    /// line hits of a run, sorted by file. Files are read through each pack's ``PackFolder``; a
    /// file that does not compile is left out (the cases of its pack fail with its error), and so
    /// are the pack's promises (`promises.lua`), which `liverules explore` runs, not the fixtures.
    package static func of(packs: [(directory: URL, displayPath: String)], hits: [String: [Int: Int]]) throws -> [RuleCoverage] {
        let compiler = try LuaState()
        var files: [RuleCoverage] = []
        for pack in packs {
            let folder = PackFolder(pack.directory, displayPath: pack.displayPath)
            for path in try RulePack.luaFileNames(in: folder) where path != PackPromises.file {
                let chunkName = folder.display(path)
                let source = String(decoding: try folder.read(path, limit: InputLimits.luaFileBytes, kind: "a rule file"), as: UTF8.self)
                guard let executable = try? compiler.executableLines(of: source, chunkName: chunkName) else { continue }
                let ran = Set((hits[chunkName] ?? [:]).keys)
                files.append(RuleCoverage(file: chunkName, executable: executable, uncovered: executable.subtracting(ran).sorted()))
            }
        }
        return files
    }

    /// `12, 40-42`: uncovered lines with runs collapsed.
    package var uncoveredRanges: String {
        var parts: [String] = []
        var index = 0
        while index < uncovered.count {
            var end = index
            while end + 1 < uncovered.count && uncovered[end + 1] == uncovered[end] + 1 { end += 1 }
            parts.append(end == index ? "\(uncovered[index])" : "\(uncovered[index])-\(uncovered[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
