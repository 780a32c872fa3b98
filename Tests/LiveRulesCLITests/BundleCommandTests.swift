import Foundation
import Testing
import TestPacks

#if Service
/// `liverules bundle`: the file it writes, what it says, and what it refuses; and the options
/// `liverules serve` takes for bundles, checked before it serves.
struct BundleCommandTests {
    let folder: URL
    let signing: String
    let verify: String

    /// A temporary folder with a key pair made by OpenSSL, as the README makes one.
    init() throws {
        folder = TemporaryFolder.path("bundle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        signing = folder.appendingPathComponent("signing.pem").path
        verify = folder.appendingPathComponent("verify.pem").path
        try Self.openssl(["genpkey", "-algorithm", "ed25519", "-out", signing])
        try Self.openssl(["pkey", "-in", signing, "-pubout", "-out", verify])
    }

    @Test func writesASignedArchiveNamedAfterThePackAndItsVersion() throws {
        let meetings = Paths.root.appendingPathComponent("rules/meetings").path
        let outcome = try CLI.run(["bundle", meetings, "--signing-key", signing], in: folder)
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.isEmpty)
        let line = try #require(outcome.output.split(separator: "\n").first.map(String.init))
        #expect(line.wholeMatch(of: /wrote meetings-1\.0\.0\.tar: meetings 1\.0\.0 [0-9a-f]{16}, \d+ files, \d+ bytes, signed by key [0-9a-f]{16}/) != nil, "\(line)")
        let written = try Data(contentsOf: folder.appendingPathComponent("meetings-1.0.0.tar"))
        let again = try CLI.run(["bundle", "rules/meetings", "--signing-key", signing, "-o", folder.appendingPathComponent("again.tar").path])
        #expect(again.status == 0, "\(again.errors)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("again.tar")) == written)
    }

    @Test func refusesAFolderOfManyPacks() throws {
        let outcome = try CLI.run(["bundle", "rules", "--signing-key", signing, "-o", folder.appendingPathComponent("x.tar").path])
        #expect(outcome.status == 2)
        #expect(outcome.errors == "rules: error: holds 3 packs; a bundle holds one: rules/delivery, rules/match, rules/meetings\n", "\(outcome.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.tar").path))
    }

    @Test func refusesTheWrongKeyNamingIt() throws {
        let outcome = try CLI.run(["bundle", "rules/meetings", "--signing-key", verify, "-o", folder.appendingPathComponent("x.tar").path])
        #expect(outcome.status == 2)
        #expect(outcome.errors == "liverules bundle: error: \(verify): this PEM holds a PUBLIC KEY, not an Ed25519 private key\n", "\(outcome.errors)")
        let missing = try CLI.run(["bundle", "rules/meetings", "--signing-key", "no-such.pem"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no-such.pem: cannot read the key file"), "\(missing.errors)")
        let none = try CLI.run(["bundle", "rules/meetings"])
        #expect(none.status == 2)
        #expect(none.errors.contains("Missing expected argument '--signing-key <file>'"), "\(none.errors)")
    }

    @Test func refusesAPackThatDoesNotLoad() throws {
        let pack = folder.appendingPathComponent("broken")
        try FileManager.default.copyItem(at: Paths.root.appendingPathComponent("rules/meetings"), to: pack)
        try "return function(input) return {".write(to: pack.appendingPathComponent("badge.lua"), atomically: true, encoding: .utf8)
        let outcome = try CLI.run(["bundle", "broken", "--signing-key", signing], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.errors.hasPrefix("broken/badge.lua:"), "\(outcome.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("meetings-1.0.0.tar").path))
    }

    @Test(arguments: [
        (["--bundle", "http://127.0.0.1:9/m.tar"], "--bundle needs --verify-key: the service takes signed bundles only"),
        (["--verify-key", "verify.pem"], "--verify-key checks the bundles of --bundle, and none is given"),
        (["--bundle", "ftp://host/m.tar", "--verify-key", "verify.pem"], "--bundle must be an http:// or https:// URL; got 'ftp://host/m.tar'"),
        (["--bundle", "meetings.tar", "--verify-key", "verify.pem"], "--bundle must be an http:// or https:// URL; got 'meetings.tar'"),
        (["--bundle", "http://127.0.0.1:9/m.tar", "--verify-key", "verify.pem", "--poll-interval", "0"],
         "--poll-interval must be between 0.1 and 86400 seconds; got 0.0"),
    ])
    func serveChecksItsBundleOptions(arguments: [String], message: String) throws {
        let outcome = try CLI.run(["serve", "--port", "0"] + arguments, in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains(message), "\(outcome.errors)")
        #expect(outcome.output.isEmpty)
    }

    @Test func serveRefusesAVerifyKeyItCannotRead() throws {
        let outcome = try CLI.run(["serve", "--port", "0", "--bundle", "http://127.0.0.1:9/m.tar", "--verify-key", signing], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.errors == "--verify-key: error: \(signing): this PEM holds a PRIVATE KEY, not an Ed25519 public key\n", "\(outcome.errors)")
    }

    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "openssl \(arguments)")
    }
}
#else
/// `liverules bundle` in a build without the `Service` trait says how to get one.
struct BundleCommandTests {
    @Test func saysHowToGetIt() throws {
        let outcome = try CLI.run(["bundle", "rules/meetings", "--signing-key", "key.pem"])
        #expect(outcome.status == 2)
        #expect(outcome.errors.contains("built without the service"))
    }
}
#endif
