#if Service
import Foundation

/// The Ed25519 private key `liverules bundle --signing-key` signs with.
package struct SigningKey: Sendable {
    private let key: Ed25519Key

    /// The key in the file at `path` (``KeyFile``).
    package init(file path: String) throws(BundleError) {
        guard let key = Ed25519Key(raw: try KeyFile.read(path, kind: .privateKey), isPrivate: true) else {
            throw BundleError(member: path, "not an Ed25519 private key")
        }
        self.key = key
    }

    /// The public half, which servers verify with.
    package var verifyKey: VerifyKey {
        get throws(BundleError) {
            guard let half = Ed25519Key(raw: key.publicBytes, isPrivate: false) else { throw BundleError("cannot derive the public key") }
            return VerifyKey(half)
        }
    }

    /// The Ed25519 signature of `message`.
    func signature(for message: Data) throws(BundleError) -> Data {
        guard let signature = key.signature(of: message) else { throw BundleError("cannot sign the bundle's manifest") }
        return signature
    }
}
#endif
