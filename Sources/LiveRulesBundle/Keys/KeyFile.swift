#if Service
import Foundation

/// The 32 bytes of an Ed25519 key read from a file: PEM as OpenSSL writes it
/// (`openssl genpkey -algorithm ed25519` for a private key in PKCS #8, `openssl pkey -pubout`
/// for a public key in SubjectPublicKeyInfo), or the raw 32 bytes in base64 on one line.
enum KeyFile {
    /// What the file must hold.
    enum Kind: String {
        case privateKey = "PRIVATE KEY"
        case publicKey = "PUBLIC KEY"

        /// The DER of an Ed25519 key of this kind up to its 32 key bytes (OID 1.3.101.112).
        var derPrefix: [UInt8] {
            switch self {
            case .privateKey: [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]
            case .publicKey: [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]
            }
        }

        var noun: String { self == .privateKey ? "an Ed25519 private key" : "an Ed25519 public key" }
    }

    /// The key bytes of `kind` in the file at `path`; throws ``BundleError`` naming the file.
    static func read(_ path: String, kind: Kind) throws(BundleError) -> Data {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            guard size <= 16_384 else { throw BundleError(member: path, "the file is too large to be \(kind.noun)") }
            data = try Data(contentsOf: url)
        } catch let error as BundleError {
            throw error
        } catch {
            throw BundleError(member: path, "cannot read the key file")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw BundleError(member: path, "not \(kind.noun): the file is not text") }
        if let key = try pem(text, kind: kind, path: path) { return key }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: line), raw.count == 32 else {
            throw BundleError(member: path, "not \(kind.noun): expected PEM (`-----BEGIN \(kind.rawValue)-----`, as OpenSSL writes) or 32 bytes in base64")
        }
        return raw
    }

    /// The key of a PEM text, or nil when the text is not PEM.
    private static func pem(_ text: String, kind: Kind, path: String) throws(BundleError) -> Data? {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }) else { return nil }
        guard lines[begin] == "-----BEGIN \(kind.rawValue)-----" else {
            let label = lines[begin].dropFirst(11).dropLast(5)
            throw BundleError(member: path, "this PEM holds a \(label), not \(kind.noun)")
        }
        guard let end = lines[begin...].firstIndex(of: "-----END \(kind.rawValue)-----"),
              let der = Data(base64Encoded: lines[(begin + 1)..<end].joined()) else {
            throw BundleError(member: path, "the PEM is damaged")
        }
        let prefix = kind.derPrefix
        guard der.count == prefix.count + 32, der.starts(with: prefix) else {
            throw BundleError(member: path, "not \(kind.noun): a key of another algorithm (make one with `openssl genpkey -algorithm ed25519`)")
        }
        return der.suffix(32)
    }
}
#endif
