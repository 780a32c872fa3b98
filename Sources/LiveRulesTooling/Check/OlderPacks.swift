import Foundation
import LiveRules
import Lua

/// Where `liverules check --against` finds the older version of each pack, to compare content
/// states with: a folder (a pack, or a folder of packs) or a git revision of the repository a
/// pack is in. Only the older `pack.json` is read: the schema is all the comparison needs.
package enum OlderPacks: Sendable, CustomStringConvertible {
    /// A pack folder, or a folder whose subfolders are packs.
    case folder(URL, display: String)
    /// A revision (`main`, `v1.2.0`, a commit) of the git repository holding each pack.
    case revision(String)

    /// The folder as given, or `revision X`.
    package var description: String {
        switch self {
        case .folder(_, let display): display
        case .revision(let revision): "revision \(revision)"
        }
    }

    /// A folder when `argument` names one, else a git revision.
    package init(_ argument: String) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder), isFolder.boolValue {
            self = .folder(URL(fileURLWithPath: argument).standardizedFileURL, display: PackFinder.displayPath(argument))
        } else {
            self = .revision(argument)
        }
    }

    /// The older manifest of `pack`, or nil when the older version has no such pack. Throws
    /// when the older manifest cannot be read or checked, or the revision does not exist.
    package func manifest(of pack: RulePack) throws(DiagnosticError) -> PackManifest? {
        switch self {
        case .folder(let root, let display):
            return try Self.manifest(of: pack, in: root, display: display)
        case .revision(let revision):
            return try Self.manifest(of: pack, at: revision)
        }
    }

    /// The manifest named as `pack`'s among the packs at `root` (the folder itself, or its
    /// subfolders, the one named as `pack`'s folder read first).
    private static func manifest(of pack: RulePack, in root: URL, display: String) throws(DiagnosticError) -> PackManifest? {
        let folderName = pack.directory.lastPathComponent
        let candidates = PackFinder.packs(at: root).sorted { $0.lastPathComponent == folderName && $1.lastPathComponent != folderName }
        for folder in candidates {
            let name = folder == root ? display : "\(display)/\(folder.lastPathComponent)"
            let manifest = try PackManifest.read(contentsOf: folder.appendingPathComponent(RulePack.manifestFile),
                                                 displayPath: "\(name)/\(RulePack.manifestFile)")
            if manifest.name == pack.manifest.name { return manifest }
        }
        return nil
    }

    /// `pack.json` of `pack`'s folder at `revision`, read with `git show`.
    private static func manifest(of pack: RulePack, at revision: String) throws(DiagnosticError) -> PackManifest? {
        let display = "\(revision):\(pack.displayPath)/\(RulePack.manifestFile)"
        func failure(_ message: String) -> DiagnosticError {
            DiagnosticError([Diagnostic(file: pack.displayPath, message: message)])
        }
        guard !revision.hasPrefix("-") else { throw failure("'\(revision)' is neither a folder nor a git revision") }
        guard let commit = git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: pack.directory, limit: 4096),
              commit.status == 0 else {
            throw failure("'\(revision)' is neither a folder nor a revision of the git repository holding \(pack.displayPath)")
        }
        // `rev:./path` is relative to the folder git runs in.
        let limit = InputLimits.manifestBytes
        guard let shown = git(["show", "\(revision):./\(RulePack.manifestFile)"], in: pack.directory, limit: limit) else {
            return nil
        }
        guard shown.output.count <= limit else {
            throw DiagnosticError([Diagnostic(file: display, message: BoundedFile.Failure.tooLarge(bytes: nil).message(kind: "a pack manifest", limit: limit))])
        }
        guard shown.status == 0 else { return nil }
        return try PackManifest.read(shown.output, displayPath: display)
    }

    /// Runs git in `folder`; nil when it cannot be started. Reads at most `limit` bytes of its
    /// output and one more: past that git is stopped, and the output holds limit + 1 bytes.
    private static func git(_ arguments: [String], in folder: URL, limit: Int) -> (status: Int32, output: Data)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        var data = Data()
        while data.count <= limit, let chunk = try? output.fileHandleForReading.read(upToCount: limit + 1 - data.count), !chunk.isEmpty {
            data.append(chunk)
        }
        if data.count > limit { process.terminate() }
        try? output.fileHandleForReading.close()  // Foundation keeps a finished process's pipe open
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}
