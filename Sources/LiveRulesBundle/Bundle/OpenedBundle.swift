#if Service
import Foundation
import LiveRules

/// A bundle read and verified: its archive holds a manifest signed by one of the server's keys,
/// and exactly the files the manifest lists, each with its SHA-256. Nothing of a bundle that
/// fails any check is used.
package struct OpenedBundle: Sendable {
    /// The largest archive read.
    package static let maxBytes = 32 << 20
    /// The most files an archive may hold.
    static let maxFiles = 10_000

    /// What the bundle holds.
    package let manifest: BundleManifest
    /// The key that signed it.
    package let keyID: String
    /// The pack's files, by path inside the pack.
    let files: [(path: String, bytes: Data)]

    /// Reads and verifies `archive` with `keys`; throws the first problem, naming the file inside
    /// the bundle it concerns.
    package init(archive: Data, keys: [VerifyKey]) throws(BundleError) {
        guard archive.count <= Self.maxBytes else { throw BundleError("the bundle is over \(Self.maxBytes >> 20) MiB") }
        var members = try TarReader.files(of: archive, limit: Self.maxFiles)
        func take(_ path: String) -> Data? {
            guard let index = members.firstIndex(where: { $0.path == path }) else { return nil }
            return members.remove(at: index).bytes
        }
        guard let manifestBytes = take(BundleManifest.file) else {
            throw BundleError(member: BundleManifest.file, "missing: not a LiveRules bundle (made by `liverules bundle`)")
        }
        guard let signatureBytes = take(BundleSignature.file) else {
            throw BundleError(member: BundleSignature.file, "missing: the bundle is not signed, and this server takes signed bundles only")
        }
        keyID = try BundleSignature.decoded(signatureBytes).verify(manifestBytes, keys: keys).id
        manifest = try BundleManifest.decoded(manifestBytes)
        for member in members {
            guard let digest = manifest.files[member.path] else {
                throw BundleError(member: member.path, "not listed in the signed \(BundleManifest.file): the file was added after signing")
            }
            guard PackBundle.digest(member.bytes) == digest else {
                throw BundleError(member: member.path, "the content does not match its SHA-256 in the signed \(BundleManifest.file): the file was changed after signing")
            }
        }
        let present = Set(members.map(\.path))
        if let missing = manifest.files.keys.sorted().first(where: { !present.contains($0) }) {
            throw BundleError(member: missing, "listed in the signed \(BundleManifest.file) but missing from the bundle")
        }
        guard present.contains(RulePack.manifestFile) else { throw BundleError(member: RulePack.manifestFile, "missing from the bundle") }
        files = members
    }

    /// Writes the pack's files into `folder`, which must not exist yet.
    package func unpack(into folder: URL) throws(BundleError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: false)
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.bytes.write(to: url)
            }
        } catch {
            throw BundleError("cannot unpack into \(folder.path): \(error.localizedDescription)")
        }
    }
}
#endif
