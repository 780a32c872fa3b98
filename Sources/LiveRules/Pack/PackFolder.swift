import Foundation
import Lua

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pack's folder on disk: the one way the host reads, lists and writes a pack's files.
///
/// The folder's real path (`realpath`) is resolved once, when the value is made. Every file or
/// folder named inside it is resolved too, symbolic links followed, and refused unless its real
/// path is inside the real folder: a link that leaves the pack, or leads nowhere, is an error
/// naming the file, for reads, listings and writes alike. Links that stay inside are followed.
/// Names are paths relative to the folder, never absolute and without `..` components. Writes
/// go to a temporary file in the target's real folder and replace the target in one rename, so
/// a link at the final name is replaced, never written through.
///
/// Every error is a ``DiagnosticError`` naming the file as `displayPath/name`; refusals have
/// ``DiagnosticError/isOutsidePack`` set.
package struct PackFolder: Sendable, Hashable {
    /// The folder as given.
    package let url: URL
    /// How messages name it: `rules/meetings`.
    package let displayPath: String
    /// The folder's real path, or nil when it cannot be resolved (it does not exist).
    package let realPath: String?

    package init(_ url: URL, displayPath: String) {
        self.url = url
        self.displayPath = displayPath
        realPath = Self.resolved(url.path)
    }

    /// How messages name the file or folder `relative`: `rules/meetings/golden/done.json`.
    package func display(_ relative: String) -> String {
        relative.isEmpty ? displayPath : displayPath + "/" + relative
    }

    /// The path of `url` relative to this folder when it is lexically inside it (as given, or
    /// under its real path), `..` resolved without following links; nil otherwise.
    package func relativePath(of url: URL) -> String? {
        let path = url.standardizedFileURL.path
        for root in [self.url.standardizedFileURL.path, realPath].compactMap({ $0 }) where path.hasPrefix(root + "/") {
            return String(path.dropFirst(root.count + 1))
        }
        return nil
    }

    /// The bytes of the file `relative`, as ``readIfPresent(_:limit:kind:)``; "cannot read the
    /// file: no such file" when there is none.
    package func read(_ relative: String, limit: Int, kind: String) throws(DiagnosticError) -> Data {
        guard let data = try readIfPresent(relative, limit: limit, kind: kind) else {
            throw failure(relative, "cannot read the file: no such file")
        }
        return data
    }

    /// The bytes of the file `relative`, or nil when nothing is there; a file of `kind` ("a
    /// golden") over `limit` bytes is refused without reading it (``BoundedFile``).
    package func readIfPresent(_ relative: String, limit: Int, kind: String) throws(DiagnosticError) -> Data? {
        guard let real = try locate(relative) else { return nil }
        do {
            return try BoundedFile.read(real, limit: limit, followingLinks: false)
        } catch {
            throw failure(relative, error.message(kind: kind, limit: limit))
        }
    }

    /// The real location of the file or folder `relative`, or nil when nothing is there: for
    /// readers with their own checks (a fixture's size limit). It holds no links, so opening it
    /// reads inside the pack.
    package func location(of relative: String) throws(DiagnosticError) -> URL? {
        try locate(relative).map { URL(fileURLWithPath: $0) }
    }

    /// Whether a file or folder is at `relative`.
    package func exists(_ relative: String) throws(DiagnosticError) -> Bool {
        try locate(relative) != nil
    }

    /// The files under the folder `relative` whose names end in `suffix`: their paths relative
    /// to it, without the suffix, sorted. Links that stay inside the pack are followed (each real
    /// folder once). Every link leaving the pack that names a folder or a file ending in
    /// `suffix` is refused, all of them in one error. Empty when the folder does not exist.
    package func files(in relative: String, ending suffix: String) throws(DiagnosticError) -> [String] {
        guard let start = try locate(relative), Self.isFolder(start) else { return [] }
        var found: [String] = [], refused: [Diagnostic] = []
        var visited: Set<String> = [start]
        var pending: [(real: String, prefix: String)] = [(start, "")]
        while let (folder, prefix) = pending.popLast() {
            for (name, kind) in Self.entries(of: folder, ending: suffix) {
                let inside = prefix + name
                var real = folder + "/" + name
                if kind == .file {
                    found.append(String(inside.dropLast(suffix.count)))
                    continue
                }
                if kind == .other, Self.isLink(real) {
                    let target = Self.resolved(real)
                    guard let target, isInside(target) else {
                        if name.hasSuffix(suffix) || target.map(Self.isFolder) == true {
                            refused += outside(relative.isEmpty ? inside : relative + "/" + inside, target: target).diagnostics
                        }
                        continue
                    }
                    real = target
                }
                if kind == .folder || Self.isFolder(real) {
                    if visited.insert(real).inserted { pending.append((real, inside + "/")) }
                } else if name.hasSuffix(suffix) {
                    found.append(String(inside.dropLast(suffix.count)))
                }
            }
        }
        guard refused.isEmpty else { throw DiagnosticError(refused.sorted { $0.file < $1.file }, isOutsidePack: true) }
        return found.sorted()
    }

    /// What `readdir` says an entry of a folder is, without following it.
    private enum EntryKind {
        case file, folder
        /// A symbolic link, or a kind the file system does not tell: found out with `lstat`.
        case other
    }

    /// The entries of the folder at `path` that can matter to a listing of files ending in
    /// `suffix`, sorted by name: plain files ending in it, folders, and everything else but
    /// plain files. Empty when the folder cannot be read.
    private static func entries(of path: String, ending suffix: String) -> [(name: String, kind: EntryKind)] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var entries: [(name: String, kind: EntryKind)] = []
        // Bytes that do not end in an ASCII suffix never end in it as text either.
        let ending = suffix.utf8.allSatisfy { $0 < 0x80 } ? Array(suffix.utf8) : []
        while let entry = readdir(stream) {
            let kind: EntryKind
            switch Int(entry.pointee.d_type) {
            case Int(DT_REG): kind = .file
            case Int(DT_DIR): kind = .folder
            default: kind = .other
            }
            let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { bytes in
                bytes.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: bytes.pointee)) { name in
                    // A plain file whose bytes do not end in the suffix is passed over unmade.
                    let length = strlen(name)
                    if kind == .file, length < ending.count || memcmp(name + length - ending.count, ending, ending.count) != 0 { return nil }
                    return String(cString: name)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            if kind != .file || name.hasSuffix(suffix) { entries.append((name, kind)) }
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// Writes `data` to the file `relative`, making missing folders on the way (inside the pack):
    /// the bytes go to a temporary file in the target's real folder, which then replaces the
    /// target in one rename.
    package func write(_ relative: String, _ data: Data) throws(DiagnosticError) {
        let (temporary, target) = try staged(relative, data)
        guard rename(temporary, target) == 0 else {
            let reason = Self.errorText()
            unlink(temporary)
            throw failure(relative, "cannot write the file: \(reason)")
        }
    }

    /// Writes `data` to the file `relative` only if there is none: whole or not at all, and
    /// never over a file another process made meanwhile. False when the name is taken.
    package func create(_ relative: String, _ data: Data) throws(DiagnosticError) -> Bool {
        let (temporary, target) = try staged(relative, data)
        defer { unlink(temporary) }
        guard link(temporary, target) == 0 else {
            if errno == EEXIST { return false }
            throw failure(relative, "cannot write the file: \(Self.errorText())")
        }
        return true
    }

    /// `data` in a new temporary file beside the file `relative` (its folders made as needed),
    /// and where that file is; the caller moves it into place or removes it.
    private func staged(_ relative: String, _ data: Data) throws(DiagnosticError) -> (temporary: String, target: String) {
        let (parent, name) = try split(relative)
        let folder = try makeFolders(parent)
        let target = folder + "/" + name
        try checkFinal(target, relative)
        var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(relative, "cannot write the file: \(Self.errorText())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(descriptor, 0o644)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            unlink(temporary)
            throw failure(relative, "cannot write the file: \(error.localizedDescription)")
        }
        return (temporary, target)
    }

    /// Deletes the file `relative` (a link there is removed, not what it leads to).
    package func remove(_ relative: String) throws(DiagnosticError) {
        let (parent, name) = try split(relative)
        guard let folder = try locate(parent) else { throw failure(relative, "cannot remove the file: no such file") }
        let target = folder + "/" + name
        try checkFinal(target, relative)
        guard unlink(target) == 0 else { throw failure(relative, "cannot remove the file: \(Self.errorText())") }
    }

    /// Renames the file `source` to `destination` in one step, replacing what is there.
    package func move(_ source: String, to destination: String) throws(DiagnosticError) {
        let (sourceParent, sourceName) = try split(source)
        guard let sourceFolder = try locate(sourceParent) else { throw failure(source, "cannot move the file: no such file") }
        let from = sourceFolder + "/" + sourceName
        try checkFinal(from, source)
        let (parent, name) = try split(destination)
        let to = try makeFolders(parent) + "/" + name
        try checkFinal(to, destination)
        guard rename(from, to) == 0 else { throw failure(destination, "cannot move \(display(source)) here: \(Self.errorText())") }
    }

    /// The real path of `relative`, checked to be inside the folder; nil when nothing is there.
    /// Resolves the longest existing prefix, so a missing file under a folder that leaves the
    /// pack is refused naming that folder.
    private func locate(_ relative: String) throws(DiagnosticError) -> String? {
        if let root = realPath, Self.isPlain(relative), let real = Self.resolved(root + "/" + relative), isInside(real) { return real }
        let components = try self.components(of: relative)
        guard let root = realPath else { return nil }
        for count in stride(from: components.count, through: 0, by: -1) {
            let name = components.prefix(count).joined(separator: "/")
            let path = count == 0 ? root : root + "/" + name
            if let real = Self.resolved(path) {
                guard isInside(real) else { throw outside(name, target: real) }
                return count == components.count ? real : nil
            }
            if Self.isLink(path) { throw outside(name, target: nil) }
        }
        return nil
    }

    /// The real path of the folder `relative`, made (with the folders above it) when missing.
    private func makeFolders(_ relative: String) throws(DiagnosticError) -> String {
        guard var folder = realPath else { throw failure(relative, "cannot write in \(displayPath): no such folder") }
        var walked: [String] = []
        for component in try components(of: relative) {
            walked.append(component)
            let inside = walked.joined(separator: "/")
            if let real = try locate(inside) {
                guard Self.isFolder(real) else { throw failure(inside, "cannot write here: not a folder") }
                folder = real
            } else {
                guard mkdir(folder + "/" + component, 0o755) == 0 || errno == EEXIST,
                      let real = try locate(inside)
                else { throw failure(inside, "cannot make the folder: \(Self.errorText())") }
                folder = real
            }
        }
        return folder
    }

    /// Refuses a link at `path` (a final name) that leaves the pack or leads nowhere.
    private func checkFinal(_ path: String, _ relative: String) throws(DiagnosticError) {
        guard Self.isLink(path) else { return }
        guard let target = Self.resolved(path), isInside(target) else { throw outside(relative, target: Self.resolved(path)) }
    }

    /// The folder part and the final name of a file's path.
    private func split(_ relative: String) throws(DiagnosticError) -> (parent: String, name: String) {
        let components = try self.components(of: relative)
        guard let name = components.last else { throw refusal(relative, "a file name is needed here") }
        return (components.dropLast().joined(separator: "/"), name)
    }

    /// The components of a name inside the folder; refuses absolute names and `..`.
    private func components(of relative: String) throws(DiagnosticError) -> [String] {
        let components = relative.utf8.split(separator: UInt8(ascii: "/")).filter { !$0.elementsEqual(".".utf8) }
        guard relative.utf8.first != UInt8(ascii: "/"), !components.contains(where: { $0.elementsEqual("..".utf8) }) else {
            throw refusal(relative, "not a name inside the pack folder: names may not start with '/' or contain '..'")
        }
        return components.map { String(Substring($0)) }
    }

    /// Whether `relative` is components joined by single slashes, none of them `.` or `..`: a
    /// name that resolves as it stands, which a file found inside the pack needs no more checks for.
    private static func isPlain(_ relative: String) -> Bool {
        var length = 0, dots = 0
        for byte in relative.utf8 {
            if byte == UInt8(ascii: "/") {
                guard length > 0, dots < length || length > 2 else { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && (dots < length || length > 2)
    }

    private func isInside(_ real: String) -> Bool {
        guard let root = realPath else { return false }
        return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
    }

    private func outside(_ relative: String, target: String?) -> DiagnosticError {
        refusal(relative, target.map { "leads outside the pack folder (to \($0)); a pack's files and folders must stay inside it" }
            ?? "is a symbolic link that leads nowhere; a pack's files and folders must stay inside its folder")
    }

    private func refusal(_ relative: String, _ message: String) -> DiagnosticError {
        DiagnosticError([Diagnostic(file: display(relative), message: message)], isOutsidePack: true)
    }

    private func failure(_ relative: String, _ message: String) -> DiagnosticError {
        DiagnosticError([Diagnostic(file: display(relative), message: message)])
    }

    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

// MARK: - PackFinder

/// Finds packs on disk: a folder with a `pack.json`, or the folders directly inside one.
package enum PackFinder {
    /// The packs at `path`: `path` itself when it holds a `pack.json`, otherwise its
    /// subfolders that do, sorted by name. Empty when there are none.
    package static func packs(at path: URL) -> [URL] {
        let manager = FileManager.default
        if manager.fileExists(atPath: path.appendingPathComponent(RulePack.manifestFile).path) { return [path] }
        guard let names = try? manager.contentsOfDirectory(atPath: path.path) else { return [] }
        return names.sorted().map { path.appendingPathComponent($0) }
            .filter { manager.fileExists(atPath: $0.appendingPathComponent(RulePack.manifestFile).path) }
    }

    /// A path as the user typed it, without a trailing slash: how messages name it.
    package static func displayPath(_ path: String) -> String {
        path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }

    /// The folder's path relative to the current directory when it is inside it, else its full
    /// path: how messages name a folder the user did not name.
    package static func displayPath(of url: URL) -> String {
        let path = url.standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath + "/"
        return displayPath(path.hasPrefix(current) ? String(path.dropFirst(current.count)) : path)
    }
}
