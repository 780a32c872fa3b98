#if Service
import Foundation
import TestPacks
@testable import LiveRulesBundle
import Testing

/// A fresh Ed25519 key pair made by OpenSSL (`openssl genpkey`, `openssl pkey -pubout`) in
/// temporary files: as the PEM OpenSSL writes, or as the raw 32 bytes in base64.
struct BundleKeys {
    let signingFile: String
    let verifyFile: String

    init(pem: Bool = true) throws {
        let folder = TemporaryFolder.path("keys")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        signingFile = folder.appendingPathComponent("signing.pem").path
        verifyFile = folder.appendingPathComponent("verify.pem").path
        _ = try PackBundleTests.run("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "ed25519", "-out", signingFile])
        _ = try PackBundleTests.run("/usr/bin/env", ["openssl", "pkey", "-in", signingFile, "-pubout", "-out", verifyFile])
        guard !pem else { return }
        for file in [signingFile, verifyFile] {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            let der = try #require(Data(base64Encoded: body))
            try (der.suffix(32).base64EncodedString() + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
    }

    var signing: SigningKey { get throws { try SigningKey(file: signingFile) } }
    var verify: VerifyKey { get throws { try VerifyKey(file: verifyFile) } }
}
#endif
