#if Service
import Foundation

/// A bundle's `.manifest.json`, the part its signature covers: which pack, which version, and
/// the SHA-256 of every file in it, so that signing the manifest signs them all.
package struct BundleManifest: Codable, Sendable, Equatable {
    /// The manifest's path in the archive.
    static let file = ".manifest.json"
    /// The format this build writes and reads.
    static let currentFormat = 1

    /// The bundle format: 1.
    package var format: Int
    /// The pack's name (`pack.json`'s `name`).
    package var pack: String
    /// The pack's `version`.
    package var version: String
    /// The pack's content hash, as `/health` and the reload log name the version.
    package var hash: String
    /// Every file of the pack by path inside it, as `sha256:` and 64 hex digits.
    package var files: [String: String]

    /// The manifest's bytes: indented JSON, keys sorted.
    func encoded() throws(BundleError) -> Data {
        try Self.json(self, member: Self.file)
    }

    /// `value` as a bundle writes its JSON files: indented, keys sorted, a final newline.
    static func json(_ value: some Encodable, member: String) throws(BundleError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(value) + Data("\n".utf8) } catch { throw BundleError(member: member, "cannot write: \(error)") }
    }

    /// The manifest in `data`; throws naming what is missing or of the wrong type.
    static func decoded(_ data: Data) throws(BundleError) -> BundleManifest {
        let manifest: BundleManifest
        do {
            manifest = try JSONDecoder().decode(BundleManifest.self, from: data)
        } catch {
            throw BundleError(member: file, "not a bundle manifest (expected format, pack, version, hash and files)")
        }
        guard manifest.format == currentFormat else {
            throw BundleError(member: file, "bundle format \(manifest.format), but this liverules reads format \(currentFormat)")
        }
        return manifest
    }
}
#endif
