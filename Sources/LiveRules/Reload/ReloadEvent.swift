/// What a reload did, for the host to log or show.
public enum ReloadEvent: Sendable, CustomStringConvertible {
    /// A new version of a pack serves from now on; `previousHash` is the one it replaced.
    /// `warnings` name the content-state changes since that version which break activities
    /// already running (``SchemaChange``), at their lines in the new `pack.json`.
    case activated(pack: String, path: String, hash: String, previousHash: String?, seconds: Double, warnings: [Diagnostic])
    /// The folder's content is the version already active: nothing to do.
    case unchanged(pack: String, path: String, hash: String)
    /// The new content failed its checks; the last good version (if any) keeps serving.
    case rejected(path: String, hash: String?, problems: [Diagnostic], seconds: Double)

    /// The pack folder (or other source) the event is about, as messages name it.
    public var path: String {
        switch self {
        case .activated(_, let path, _, _, _, _), .unchanged(_, let path, _), .rejected(let path, _, _, _): path
        }
    }

    public var description: String {
        switch self {
        case .activated(let pack, let path, let hash, let previous, let seconds, let warnings):
            return "\(path): activated \(pack) \(hash)" + (previous.map { " (was \($0))" } ?? "")
                + String(format: " in %.1f ms", seconds * 1000) + warnings.map { "\n  " + $0.description }.joined()
        case .unchanged(let pack, let path, let hash):
            return "\(path): \(pack) \(hash) unchanged"
        case .rejected(let path, let hash, let problems, let seconds):
            return "\(path): rejected" + (hash.map { " \($0)" } ?? "") + String(format: " in %.1f ms; the last good version keeps serving", seconds * 1000)
                + problems.map { "\n  " + $0.description }.joined()
        }
    }
}
