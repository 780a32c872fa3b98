#if Service
import COpenSSL
import Foundation

/// An Ed25519 key held by libcrypto (an `EVP_PKEY`), private or public, freed with it. Its
/// operations make their own contexts, so one key may be used from several threads.
final class Ed25519Key: @unchecked Sendable {
    private let key: OpaquePointer

    /// The key whose 32 raw bytes are `raw` (a private key's seed, or a public key); nil when
    /// libcrypto refuses them.
    init?(raw: Data, isPrivate: Bool) {
        guard raw.count == 32 else { return nil }
        let made = raw.withUnsafeBytes { bytes in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            return isPrivate
                ? EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, nil, base, bytes.count)
                : EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, base, bytes.count)
        }
        guard let made else { return nil }
        key = made
    }

    deinit {
        EVP_PKEY_free(key)
    }

    /// The 32 bytes of the public key (of a private key: its public half).
    var publicBytes: Data {
        var bytes = [UInt8](repeating: 0, count: 32)
        var length = bytes.count
        guard EVP_PKEY_get_raw_public_key(key, &bytes, &length) == 1 else { return Data() }
        return Data(bytes.prefix(length))
    }

    /// The 64-byte signature of `message` by this private key; nil when libcrypto fails.
    func signature(of message: Data) -> Data? {
        withContext { context in
            guard EVP_DigestSignInit(context, nil, nil, nil, key) == 1 else { return nil }
            var signature = [UInt8](repeating: 0, count: 64)
            var length = signature.count
            let signed = message.withUnsafeBytes { bytes in
                EVP_DigestSign(context, &signature, &length, bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
            return signed == 1 ? Data(signature.prefix(length)) : nil
        }
    }

    /// Whether `signature` is this public key's signature of `message`.
    func verifies(_ signature: Data, of message: Data) -> Bool {
        withContext { context in
            guard EVP_DigestVerifyInit(context, nil, nil, nil, key) == 1 else { return false }
            let verified = signature.withUnsafeBytes { signatureBytes in
                message.withUnsafeBytes { messageBytes in
                    EVP_DigestVerify(context, signatureBytes.bindMemory(to: UInt8.self).baseAddress, signatureBytes.count,
                                     messageBytes.bindMemory(to: UInt8.self).baseAddress, messageBytes.count)
                }
            }
            return verified == 1
        }
    }

    private func withContext<T>(_ body: (OpaquePointer) -> T) -> T {
        let context = EVP_MD_CTX_new()!
        defer { EVP_MD_CTX_free(context) }
        return body(context)
    }
}

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
