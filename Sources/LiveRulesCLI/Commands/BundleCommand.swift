import ArgumentParser
import Foundation
import LiveRules

/// `liverules bundle <pack-dir> --signing-key KEY`: the pack as one signed archive, which
/// `liverules serve --bundle URL` polls, verifies and tests before it serves it. Built with the
/// package's `Service` trait (BundleCommand+Signing.swift); without it, says how to get it.
struct BundleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Write a pack as a signed bundle for `liverules serve --bundle`.",
        discussion: """
            Writes a tar archive holding the pack's pack.json, Lua files, fixtures and goldens, a \
            .manifest.json naming the pack, its version, its content hash and every file's SHA-256, and \
            a .signature of that manifest by the Ed25519 key given. The same pack and key give the same \
            bytes. The pack must load; run `liverules test` first, as servers run the goldens again \
            and refuse a bundle whose goldens fail. Make a key pair with OpenSSL: \
            `openssl genpkey -algorithm ed25519 -out signing.pem` and \
            `openssl pkey -in signing.pem -pubout -out verify.pem` (the servers' --verify-key).
            Exit status: 0 written; 2 bad usage, a pack that does not load, or an unreadable key.
            """)

    @Argument(help: "The pack folder.")
    var path: String

    @Option(help: ArgumentHelp("The Ed25519 private key (PEM, as OpenSSL writes it).", valueName: "file"))
    var signingKey: String

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the bundle (default: <name>-<version>.tar here).", valueName: "file"))
    var output: String?

    func run() throws {
        #if Service
        try writeBundle()
        #else
        report([Diagnostic(about: "liverules", message: Serve.withoutService)])
        throw ExitStatus.badInput.exitCode
        #endif
    }
}
