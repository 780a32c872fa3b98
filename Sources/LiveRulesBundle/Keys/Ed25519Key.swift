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
#endif
