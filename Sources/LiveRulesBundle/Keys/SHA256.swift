#if Service
import COpenSSL
import Foundation

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
