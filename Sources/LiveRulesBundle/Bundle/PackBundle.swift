#if Service
import COpenSSL
import Foundation
import LiveRules

/// A pack as one signed archive (`liverules bundle`): its `.manifest.json` (name, version,
/// content hash, each file's SHA-256), `.signature`, and the pack's files: `pack.json`, its Lua
/// files (not the editor `types/`), its fixtures and their goldens, all a server needs to load
/// the pack and test it before it serves it. The same pack and key give the same bytes.
package struct PackBundle: Sendable {
    /// What the bundle holds.
    package let manifest: BundleManifest
    /// The archive's bytes.
    package let archive: Data
    /// The id of the key that signed it.
    package let keyID: String

    /// Bundles the pack in `directory`, signed with `key`. The pack must load (manifest, schema,
    /// every rule compiles); its golden tests are `liverules test`'s to run.
    package init(pack directory: URL, displayPath: String, key: SigningKey) throws(DiagnosticError) {
        let pack = try RulePack.load(from: directory, displayPath: displayPath)
        var paths = [RulePack.manifestFile] + (try RulePack.luaFileNames(in: pack.folder))
        paths += try pack.fixtureNames().map { "fixtures/" + $0 }
        paths += try pack.folder.files(in: "golden", ending: ".json").map { "golden/\($0).json" }
        var files: [(path: String, bytes: Data)] = []
        for path in paths {
            guard let url = try pack.folder.location(of: path), let bytes = try? Data(contentsOf: url) else {
                throw DiagnosticError([Diagnostic(file: pack.folder.display(path), message: "cannot read the file")])
            }
            files.append((path, bytes))
        }
        manifest = BundleManifest(format: BundleManifest.currentFormat, pack: pack.manifest.name, version: pack.manifest.version,
                                  hash: pack.contentHash, files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, Self.digest($0.bytes)) }))
        do {
            let manifestBytes = try manifest.encoded()
            let signature = try BundleSignature(manifest: manifestBytes, key: key)
            keyID = signature.key
            archive = try TarWriter.archive([(BundleManifest.file, manifestBytes), (BundleSignature.file, try signature.encoded())] + files)
        } catch {
            throw DiagnosticError([error.diagnostic(source: displayPath)])
        }
    }

    /// `sha256:` and the 64 hex digits of the SHA-256 of `bytes`.
    static func digest(_ bytes: Data) -> String {
        "sha256:" + SHA256.hex(bytes)
    }
}

/// Why a bundle cannot be written or opened: the file inside it concerned (nil: the whole
/// bundle) and what is wrong.
package struct BundleError: Error, Sendable, CustomStringConvertible {
    /// The path inside the bundle (`badge.lua`, `.signature`), or nil.
    package let member: String?
    /// What is wrong, as a sentence without its subject.
    package let message: String

    init(member: String? = nil, _ message: String) {
        self.member = member
        self.message = message
    }

    package var description: String {
        member.map { "\($0): \(message)" } ?? message
    }

    /// The diagnostic of this error in the bundle `source` (its file or URL):
    /// `https://…/meetings.tar: error: badge.lua: …`.
    package func diagnostic(source: String) -> Diagnostic {
        Diagnostic(about: source, message: description)
    }
}

/// SHA-256, by libcrypto.
enum SHA256 {
    /// The 32-byte digest of `data`.
    static func digest(_ data: Data) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = data.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        }
        return digest
    }

    /// The lowercase hex of ``digest(_:)``.
    static func hex(_ data: Data) -> String {
        digest(data).map { String(format: "%02x", $0) }.joined()
    }
}
#endif
