import Foundation
import LiveRules

/// A path named on the command line, checked before it is read, so a slip reads as one: a path
/// with nothing there is `path: error: no such file` (not a file that cannot be read), and a
/// folder without packs says where the packs are when they are right here.
enum PathArgument {
    /// Reports `path: error: no such <kind>` and ends the command with exit status 2 when
    /// nothing is at `path`; `kind` is "file" or "folder".
    static func mustExist(_ path: String, _ kind: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        report([Diagnostic(about: path, message: "no such \(kind)")])
        throw ExitStatus.badInput.exitCode
    }

    /// What a folder without a pack is told.
    static let noPackMessage = "no pack here: a pack is a folder with a \(RulePack.manifestFile)"

    /// `path: error: no pack here: …` for `liverules <command> <path>` when `path` holds no pack.
    /// When `path` is not there but the current folder is a pack or holds packs (the command
    /// was run from inside `rules/` or a pack with its default path, `rules`), says to pass `.`
    /// or run it from the project folder.
    static func noPack(at path: String, command: String) -> Diagnostic {
        var message = noPackMessage
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if !FileManager.default.fileExists(atPath: path), !PackFinder.packs(at: here).isEmpty {
            let what = FileManager.default.fileExists(atPath: RulePack.manifestFile) ? "this folder is a pack" : "this folder holds packs"
            message = "no folder \(path) here, but \(what): pass `.` (`liverules \(command) .`), or run it from the project folder"
        }
        return Diagnostic(about: PackFinder.displayPath(path), message: message)
    }
}

// MARK: - NamedPack

/// A pack folder found under a path named on the command line, and how messages name it: the
/// path as typed, plus the pack's folder when the path is a folder of packs.
struct NamedPack {
    let directory: URL
    let display: String

    /// The packs at each of `paths`, in order; reports a path without any (for `liverules
    /// <command>`, ``PathArgument/noPack(at:command:)``) and exits 2.
    static func all(at paths: [String], command: String) throws -> [NamedPack] {
        try paths.flatMap { path in
            let root = URL(fileURLWithPath: path)
            let packs = PackFinder.packs(at: root)
            guard !packs.isEmpty else {
                report([PathArgument.noPack(at: path, command: command)])
                throw ExitStatus.badInput.exitCode
            }
            return packs.map { directory in
                NamedPack(directory: directory, display: directory == root
                    ? PackFinder.displayPath(path) : PackFinder.displayPath(path) + "/" + directory.lastPathComponent)
            }
        }
    }
}
