#if Service
import Foundation

/// An Ed25519 public key a server accepts bundles signed with (`serve --verify-key`).
package struct VerifyKey: Sendable {
    private let key: Ed25519Key
    /// The first 16 hex digits of the SHA-256 of the key's 32 bytes: names the key in a
    /// bundle's signature and in messages.
    package let id: String

    init(_ key: Ed25519Key) {
        self.key = key
        id = String(SHA256.hex(key.publicBytes).prefix(16))
    }

    /// The key in the file at `path` (``KeyFile``).
    package init(file path: String) throws(BundleError) {
        guard let key = Ed25519Key(raw: try KeyFile.read(path, kind: .publicKey), isPrivate: false) else {
            throw BundleError(member: path, "not an Ed25519 public key")
        }
        self.init(key)
    }

    /// Whether `signature` is this key's signature of `message`.
    func isValid(_ signature: Data, of message: Data) -> Bool {
        key.verifies(signature, of: message)
    }
}
#endif
