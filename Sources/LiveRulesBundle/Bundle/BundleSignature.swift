#if Service
import Foundation

/// A bundle's `.signature`: the Ed25519 signature of the exact bytes of its `.manifest.json`,
/// and the id of the key that made it.
struct BundleSignature: Codable, Sendable {
    /// The signature's path in the archive.
    static let file = ".signature"

    /// Always `ed25519`.
    var algorithm: String
    /// The signing key's ``VerifyKey/id``.
    var key: String
    /// The 64-byte signature in base64.
    var signature: String

    /// The signature of `manifest` by `key`.
    init(manifest: Data, key: SigningKey) throws(BundleError) {
        algorithm = "ed25519"
        self.key = try key.verifyKey.id
        signature = try key.signature(for: manifest).base64EncodedString()
    }

    func encoded() throws(BundleError) -> Data {
        try BundleManifest.json(self, member: Self.file)
    }

    /// Checks that this signs `manifest` with one of `keys`; throws saying why not.
    func verify(_ manifest: Data, keys: [VerifyKey]) throws(BundleError) -> VerifyKey {
        guard algorithm == "ed25519" else { throw BundleError(member: Self.file, "signed with \(algorithm); servers accept ed25519") }
        guard let verifier = keys.first(where: { $0.id == key }) else {
            throw BundleError(member: Self.file, "signed by key \(key), which is not a --verify-key of this server (\(keys.map(\.id).joined(separator: ", ")))")
        }
        guard let bytes = Data(base64Encoded: signature), verifier.isValid(bytes, of: manifest) else {
            throw BundleError(member: Self.file, "the signature does not match \(BundleManifest.file): the bundle was changed after it was signed")
        }
        return verifier
    }

    static func decoded(_ data: Data) throws(BundleError) -> BundleSignature {
        do { return try JSONDecoder().decode(BundleSignature.self, from: data) } catch {
            throw BundleError(member: file, "not a bundle signature (expected algorithm, key and signature)")
        }
    }
}
#endif
