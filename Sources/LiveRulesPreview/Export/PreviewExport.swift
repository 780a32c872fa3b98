#if Studio
import Foundation

/// A static copy of the studio's page: one `index.html` holding the style sheet, the script and
/// every pack's data, viewable from the file system with no server (for a CI artifact). It is
/// read-only: no accepting, no live updates, no timeline (which presents on demand).
package enum PreviewExport {
    /// Why the copy could not be written, in words that name the path at fault.
    package struct Failure: Error, CustomStringConvertible {
        /// The path at fault: the folder, or the part of it that is a file.
        package let path: String
        /// What is wrong with it.
        package let reason: String
        package var description: String { "\(path): \(reason)" }
    }

    /// Writes `index.html` into `folder` (created when missing) from `studio`'s packs; returns the
    /// file written. Throws a ``Failure`` naming the path when `folder`, or a folder above it, is
    /// a file, or the file cannot be written there.
    package static func write(_ studio: PreviewStudio, to folder: URL) throws(Failure) -> URL {
        var snapshot = studio.snapshot()
        snapshot.readOnly = true
        snapshot.readOnlyReason = "a static copy: run `liverules preview` to accept or reject"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: String
        do {
            data = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        } catch {
            throw Failure(path: folder.path, reason: "the studio's data could not be written as JSON: \(error)")
        }
        if let file = firstFile(atOrAbove: folder) {
            throw Failure(path: file.path, reason: file == folder
                ? "is a file: --export takes a folder, where it writes index.html"
                : "is a file, so the folder \(folder.path) cannot be made under it")
        }
        let file = folder.appendingPathComponent("index.html")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(PreviewPage.exported(data: data).utf8).write(to: file, options: .atomic)
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw Failure(path: file.path, reason: "cannot be written: " + (code.map { String(cString: strerror(Int32($0))) }
                ?? "the folder is not writable, or index.html is a folder"))
        }
        return file
    }

    /// The first of `folder` and the folders above it that exists as something other than a
    /// folder, or nil.
    private static func firstFile(atOrAbove folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        while candidate.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : candidate
            }
            candidate = candidate.deletingLastPathComponent()
        }
        return nil
    }
}
#endif
