#if Studio
import Crypto
import Foundation
@testable import LiveRulesBundle

/// A fresh Ed25519 key pair written to temporary files, as PEM (the form OpenSSL writes) or as
/// the raw 32 bytes in base64.
struct BundleKeys {
    let signingFile: String
    let verifyFile: String

    init(pem: Bool = true) throws {
        let key = Curve25519.Signing.PrivateKey()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        signingFile = folder.appendingPathComponent("signing.pem").path
        verifyFile = folder.appendingPathComponent("verify.pem").path
        let (secret, public_) = (key.rawRepresentation, key.publicKey.rawRepresentation)
        if pem {
            try Self.pem("PRIVATE KEY", Data(KeyFile.Kind.privateKey.derPrefix) + secret).write(toFile: signingFile, atomically: true, encoding: .utf8)
            try Self.pem("PUBLIC KEY", Data(KeyFile.Kind.publicKey.derPrefix) + public_).write(toFile: verifyFile, atomically: true, encoding: .utf8)
        } else {
            try secret.base64EncodedString().write(toFile: signingFile, atomically: true, encoding: .utf8)
            try (public_.base64EncodedString() + "\n").write(toFile: verifyFile, atomically: true, encoding: .utf8)
        }
    }

    var signing: SigningKey { get throws { try SigningKey(file: signingFile) } }
    var verify: VerifyKey { get throws { try VerifyKey(file: verifyFile) } }

    static func pem(_ label: String, _ der: Data) -> String {
        "-----BEGIN \(label)-----\n\(der.base64EncodedString(options: .lineLength64Characters))\n-----END \(label)-----\n"
    }
}
#endif
