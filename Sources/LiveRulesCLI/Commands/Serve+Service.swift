#if Service
import Foundation
import LiveRules
import LiveRulesBundle
import LiveRulesServe

extension Serve {
    /// Loads and watches the packs, polls the bundles, and serves them until stopped.
    func runService() throws {
        let empty = folders.filter { PackFinder.packs(at: URL(fileURLWithPath: $0)).isEmpty }
        guard empty.isEmpty else {
            report(empty.map { PathArgument.noPack(at: $0, command: "serve") })
            throw ExitStatus.badInput.exitCode
        }
        let keys: [VerifyKey]
        do {
            keys = try verifyKey.map { path throws(BundleError) in try VerifyKey(file: path) }
        } catch {
            report([error.diagnostic(source: "--verify-key")])
            throw ExitStatus.badInput.exitCode
        }
        let packs: ServedPacks
        do {
            packs = try ServedPacks(paths: folders, bundles: bundle, metrics: ServeMetrics()) { line in log(line) }
        } catch {
            report([Diagnostic(about: "liverules", message: "\(error)")])
            throw ExitStatus.badInput.exitCode
        }
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("liverules-serve-\(UUID().uuidString)")
        let pollers = bundle.enumerated().map { index, url in
            BundlePoller(url: URL(string: url)!, keys: keys, interval: .milliseconds(Int(pollInterval * 1000)),
                         timeout: .milliseconds(Int(pollTimeout * 1000)), packs: packs,
                         workspace: workspace.appendingPathComponent("\(index + 1)"),
                         userAgent: "liverules-serve/\(LiveRulesVersion.current) (pid \(getpid()))")
        }
        defer { try? FileManager.default.removeItem(at: workspace) }
        var limits = ServeLimits()
        limits.body = maxBody
        limits.line = maxLine
        limits.concurrent = maxConcurrent
        limits.readTimeout = .seconds(readTimeout)
        limits.batchWorkers = batchWorkers
        limits.loopDeadline = .milliseconds(loopDeadline)
        let server = ServeServer(packs: packs, limits: limits, host: host, port: port) { message in log(message) }
        if !server.isLoopback {
            report([Diagnostic(about: "liverules", severity: .warning,
                               message: "listening on \(host): the service has no authentication; anyone who can reach it can use it")])
        }
        for poller in pollers { poller.start() }
        let failure = server.serve { url in
            FileHandle.standardOutput.write(Data("serving at \(url) (Ctrl-C to stop)\n".utf8))
        }
        for poller in pollers { poller.stop() }
        packs.stop()
        if let error = failure {
            report([Diagnostic(about: "liverules", message: server.failure(error))])
            throw ExitStatus.badInput.exitCode
        }
    }
}

/// Writes a line of the server's log to standard error at once, its control characters escaped.
private func log(_ text: String) {
    let time = Date().formatted(.iso8601.time(includingFractionalSeconds: false))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
    FileHandle.standardError.write(Data((time + " " + lines.joined(separator: "\n") + "\n").utf8))
}
#endif
