#if Service
import Foundation
import TestPacks
@testable import LiveRulesBundle
import Testing

/// The key files `bundle --signing-key` and `serve --verify-key` read: OpenSSL's PEM, or the raw
/// bytes in base64; anything else is refused naming the file.
@Suite struct KeyFileTests {
    @Test func pemAndBase64KeysSignAndVerifyAlike() throws {
        for pem in [true, false] {
            let keys = try BundleKeys(pem: pem)
            let message = Data("manifest".utf8)
            let signature = try keys.signing.signature(for: message)
            #expect(try keys.verify.isValid(signature, of: message))
            #expect(try !keys.verify.isValid(signature, of: Data("other".utf8)))
            #expect(try keys.signing.verifyKey.id == keys.verify.id)
            #expect(try keys.verify.id.count == 16)
        }
    }

    @Test func keysMadeByOpenSSLAreRead() throws {
        let folder = TemporaryFolder.path("openssl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (signing, verify) = (folder.appendingPathComponent("signing.pem").path, folder.appendingPathComponent("verify.pem").path)
        _ = try PackBundleTests.run("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "ed25519", "-out", signing])
        _ = try PackBundleTests.run("/usr/bin/env", ["openssl", "pkey", "-in", signing, "-pubout", "-out", verify])
        #expect(try SigningKey(file: signing).verifyKey.id == VerifyKey(file: verify).id)
        // A key of another algorithm is named as such.
        let ec = folder.appendingPathComponent("ec.pem").path
        _ = try PackBundleTests.run("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", ec])
        #expect(throws: BundleError.self) { try SigningKey(file: ec) }
        do { _ = try SigningKey(file: ec) } catch { #expect(error.message.contains("another algorithm")) }
    }

    @Test func theWrongHalfIsNamed() throws {
        let keys = try BundleKeys()
        do {
            _ = try SigningKey(file: keys.verifyFile)
            Issue.record("a public key was read as a private key")
        } catch {
            #expect(error.member == keys.verifyFile)
            #expect(error.message.contains("PUBLIC KEY, not an Ed25519 private key"))
        }
        #expect(throws: BundleError.self) { try VerifyKey(file: keys.signingFile) }
    }

    @Test func unreadableOrMalformedFilesAreRefused() throws {
        let folder = TemporaryFolder.path("badkeys")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cases: [(String, Data, String)] = [
            ("short.txt", Data("c2hvcnQ=".utf8), "expected PEM"),
            ("binary.bin", Data([0xff, 0xfe, 0x00]), "not text"),
            ("damaged.pem", Data("-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----\n".utf8), "damaged"),
            ("huge.pem", Data(count: 20_000), "too large"),
        ]
        for (name, bytes, message) in cases {
            let path = folder.appendingPathComponent(name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            do {
                _ = try VerifyKey(file: path)
                Issue.record("\(name) was read as a key")
            } catch {
                #expect(error.member == path)
                #expect(error.message.contains(message), "\(name): \(error.message)")
            }
        }
        do { _ = try VerifyKey(file: folder.appendingPathComponent("missing.pem").path) } catch {
            #expect(error.message.contains("cannot read"))
        }
    }
}
#endif
