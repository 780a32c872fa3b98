#if Studio
import Foundation

/// A static copy of the studio's page: one `index.html` holding the style sheet, the script and
/// every pack's data, viewable from the file system with no server (for a CI artifact). It is
/// read-only: no accepting, no live updates, no timeline (which presents on demand).
package enum PreviewExport {
    /// Writes `index.html` into `folder` (created when missing) from `studio`'s packs; returns the
    /// file written.
    package static func write(_ studio: PreviewStudio, to folder: URL) throws -> URL {
        var snapshot = studio.snapshot()
        snapshot.readOnly = true
        snapshot.readOnlyReason = "a static copy: run `liverules preview` to accept or reject"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("index.html")
        try Data(PreviewPage.exported(data: data).utf8).write(to: file, options: .atomic)
        return file
    }
}
#endif
