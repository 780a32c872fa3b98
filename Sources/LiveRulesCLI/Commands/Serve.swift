import ArgumentParser
import Foundation
import LiveRules

/// `liverules serve [path...]`: the packs' rules as an HTTP service. Built with the package's
/// `Service` trait (Serve+Service.swift); without it, says how to get it.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the packs' rules over HTTP: presentations, pushes and batches for backends in any language.",
        discussion: """
            Starts a web server (127.0.0.1:4848 by default) and prints its URL. POST /v1/{pack}/present \
            takes a content state as `liverules eval` reads a fixture and answers its presentation; \
            POST /v1/{pack}/payload takes one activity as a line of `liverules payload --batch` and \
            answers its push (?platform=ios|android, ?event=start|update|end); POST /v1/{pack}/batch \
            takes JSON Lines and streams one payload line per input line, in order. GET /health answers \
            200 while every pack has a good version, else 503; GET /metrics answers Prometheus text. \
            Saving a pack reloads it once its golden tests pass; a version that fails them is refused, \
            logged and counted, and the last good one keeps serving. With --bundle, the service polls a \
            bundle URL (as `liverules bundle` writes them) every --poll-interval with If-None-Match, and \
            serves a new bundle once its signature (by a --verify-key), its files' hashes and its golden \
            tests pass; anything else keeps the last good version serving. A poll takes at most 32 MiB \
            within --poll-timeout; versions only move forward (a lower version is refused: to roll back, \
            publish the old content as a new version). Every /v1 answer names the \
            version that made it in LiveRules-Pack-Version and LiveRules-Pack-Hash. \
            openapi/liverules-serve.json describes every route.
            """)

    @Argument(help: "Pack folders, or folders of packs (default: rules, unless --bundle is given).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("A bundle to serve, polled over HTTP or HTTPS (repeat for more packs).", valueName: "url"))
    var bundle: [String] = []

    @Option(help: ArgumentHelp("An Ed25519 public key (PEM) whose signatures --bundle accepts (repeat to rotate keys).", valueName: "file"))
    var verifyKey: [String] = []

    @Option(help: ArgumentHelp("How often each --bundle is polled.", valueName: "seconds"))
    var pollInterval: Double = 10

    @Option(help: ArgumentHelp("The longest one poll of a --bundle may take, its whole answer included.", valueName: "seconds"))
    var pollTimeout: Double = 60

    @Option(help: "The port to listen on (0: any free port).")
    var port = 4848

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The largest body of a present or payload request.", valueName: "bytes"))
    var maxBody = InputLimits.fixtureBytes

    @Option(help: ArgumentHelp("The longest line of a batch.", valueName: "bytes"))
    var maxLine = InputLimits.fixtureBytes

    @Option(help: "Requests to /v1 answered at once; more are refused with 503 and Retry-After.")
    var maxConcurrent = 64

    @Option(help: ArgumentHelp("The longest wait for a client sending its body (each part of a batch).", valueName: "seconds"))
    var readTimeout = 30

    @Option(help: "Threads presenting the lines of one batch.")
    var batchWorkers = 2

    @Option(help: ArgumentHelp("The CPU time a present or payload request may take on the event loop that received it before it moves to a thread of its own.", valueName: "ms"))
    var loopDeadline = 20

    func validate() throws {
        try OptionRange(name: "--port", range: 0...65_535, unit: "").check(port)
        try OptionRange(name: "--max-body", range: 1...(16 << 20), unit: "bytes").check(maxBody)
        try OptionRange(name: "--max-line", range: 1...(16 << 20), unit: "bytes").check(maxLine)
        try OptionRange(name: "--max-concurrent", range: 1...10_000, unit: "requests").check(maxConcurrent)
        try OptionRange(name: "--read-timeout", range: 1...3_600, unit: "seconds").check(readTimeout)
        try OptionRange.threads("--batch-workers").check(batchWorkers)
        try OptionRange(name: "--loop-deadline", range: 1...1_000, unit: "milliseconds").check(loopDeadline)
        guard pollInterval.isFinite, (0.1...86_400).contains(pollInterval) else {
            throw ValidationError("--poll-interval must be between 0.1 and 86400 seconds; got \(pollInterval)")
        }
        guard pollTimeout.isFinite, (0.1...3_600).contains(pollTimeout) else {
            throw ValidationError("--poll-timeout must be between 0.1 and 3600 seconds; got \(pollTimeout)")
        }
        for url in bundle where URL(string: url).map({ ["http", "https"].contains($0.scheme?.lowercased() ?? "") && $0.host != nil }) != true {
            throw ValidationError("--bundle must be an http:// or https:// URL; got '\(url)'")
        }
        if !bundle.isEmpty, verifyKey.isEmpty {
            throw ValidationError("--bundle needs --verify-key: the service takes signed bundles only")
        }
        if bundle.isEmpty, !verifyKey.isEmpty {
            throw ValidationError("--verify-key checks the bundles of --bundle, and none is given")
        }
    }

    /// The folders served: those named, or `rules` when neither folders nor bundles are.
    var folders: [String] {
        paths.isEmpty && bundle.isEmpty ? ["rules"] : paths
    }

    func run() throws {
        #if Service
        try runService()
        #else
        report([Diagnostic(about: "liverules", message: Self.withoutService)])
        throw ExitStatus.badInput.exitCode
        #endif
    }

    /// Why a build without the `Service` trait has no service or bundles, and how to get them.
    static let withoutService = """
        this liverules was built without the service (the package's Service trait): install it \
        with scripts/install.sh, or build it with `swift build --traits Service --product liverules`
        """
}
