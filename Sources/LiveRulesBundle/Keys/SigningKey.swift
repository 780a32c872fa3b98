#if Studio
import Crypto
import Foundation

/// The Ed25519 private key `liverules bundle --signing-key` signs with.
package struct SigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    /// The key in the file at `path` (``KeyFile``).
    package init(file path: String) throws(BundleError) {
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: try KeyFile.read(path, kind: .privateKey))
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError(member: path, "not an Ed25519 private key")
        }
    }

    /// The public half, which servers verify with.
    package var verifyKey: VerifyKey {
        VerifyKey(key.publicKey)
    }

    /// The Ed25519 signature of `message`.
    func signature(for message: Data) throws(BundleError) -> Data {
        do {
            return try key.signature(for: message)
        } catch {
            throw BundleError("cannot sign: \(error)")
        }
    }
}
#endif
