import Foundation
import LiveRules

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
