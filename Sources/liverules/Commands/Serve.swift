import ArgumentParser
import Foundation
import LiveRules

/// `liverules serve [path...]`: the packs' rules as an HTTP service. Built with the package's
/// `Studio` trait (Serve+Service.swift); without it, says how to get it.
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
            logged and counted, and the last good one keeps serving. openapi/liverules-serve.yaml \
            describes every route.
            """)

    @Argument(help: "Pack folders, or folders of packs.")
    var paths: [String] = ["rules"]

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

    func validate() throws {
        try OptionRange(name: "--port", range: 0...65_535, unit: "").check(port)
        try OptionRange(name: "--max-body", range: 1...(16 << 20), unit: "bytes").check(maxBody)
        try OptionRange(name: "--max-line", range: 1...(16 << 20), unit: "bytes").check(maxLine)
        try OptionRange(name: "--max-concurrent", range: 1...10_000, unit: "requests").check(maxConcurrent)
        try OptionRange(name: "--read-timeout", range: 1...3_600, unit: "seconds").check(readTimeout)
        try OptionRange.threads("--batch-workers").check(batchWorkers)
    }

    func run() throws {
        #if Studio
        try runService()
        #else
        report([Diagnostic(about: "liverules", message: Self.withoutStudio)])
        throw ExitStatus.badInput.exitCode
        #endif
    }

    /// Why a build without the `Studio` trait has no server, and how to get one.
    static let withoutStudio = """
        this liverules was built without its web servers (the package's Studio trait): install it \
        with scripts/install.sh, or build it with `swift build --traits Studio --product liverules`
        """
}
