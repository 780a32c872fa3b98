#if Studio
import Foundation
import LiveRules
import LiveRulesPreview

extension Preview {
    /// Serves the studio, or writes its static copy with --export.
    func runStudio() throws {
        let empty = paths.filter { PackFinder.packs(at: URL(fileURLWithPath: $0)).isEmpty }
        guard empty.isEmpty else {
            report(empty.map { PathArgument.noPack(at: $0, command: "preview") })
            throw ExitStatus.badInput.exitCode
        }
        let studio: PreviewStudio
        do {
            studio = try PreviewStudio(paths: paths, watches: export == nil,
                                       readOnlyReason: Environment.isCI ? "CI is set: the studio writes nothing" : nil)
        } catch {
            report([Diagnostic(about: "liverules", message: "\(error)")])
            throw ExitStatus.badInput.exitCode
        }
        if let export {
            do {
                let file = try PreviewExport.write(studio, to: URL(fileURLWithPath: export))
                print("wrote \(file.path)")
            } catch {
                report([Diagnostic(about: error.path, message: error.reason)])
                throw ExitStatus.badInput.exitCode
            }
            return
        }
        let server = PreviewServer(studio: studio, host: host, port: port) { message in
            report([Diagnostic(about: "liverules", severity: .warning, message: message)])
        }
        if !server.isLoopback {
            report([Diagnostic(about: "liverules", severity: .warning,
                               message: "listening on \(host): anyone who can reach it can use the studio (the page it serves carries the token)")])
        }
        StopSignals.install()
        let failure = server.serve { url in
            FileHandle.standardOutput.write(Data("preview studio at \(url) (Ctrl-C to stop)\n".utf8))
        }
        if let error = failure {
            report([Diagnostic(about: "liverules", message: server.failure(error))])
            throw ExitStatus.badInput.exitCode
        }
    }
}

/// Ends the process on Ctrl-C or SIGTERM: the studio holds nothing to flush (goldens are
/// written in one rename), and open event streams would keep a graceful stop waiting.
private enum StopSignals {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func install() {
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler { Foundation.exit(0) }
            source.resume()
            sources.append(source)
        }
    }
}
#endif
