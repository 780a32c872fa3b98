#if Studio
import Crypto
import Foundation

/// An Ed25519 public key a server accepts bundles signed with (`serve --verify-key`).
package struct VerifyKey: Sendable {
    private let key: Curve25519.Signing.PublicKey
    /// The first 16 hex digits of the SHA-256 of the key's 32 bytes: names the key in a
    /// bundle's signature and in messages.
    package let id: String

    init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
        id = SHA256.hash(data: key.rawRepresentation).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The key in the file at `path` (``KeyFile``).
    package init(file path: String) throws(BundleError) {
        do {
            self.init(try Curve25519.Signing.PublicKey(rawRepresentation: try KeyFile.read(path, kind: .publicKey)))
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError(member: path, "not an Ed25519 public key")
        }
    }

    /// Whether `signature` is this key's signature of `message`.
    func isValid(_ signature: Data, of message: Data) -> Bool {
        key.isValidSignature(signature, for: message)
    }
}
#endif
