import ChildOutput
import Foundation
import Testing

/// `liverules` started in the background, its standard output collected as it comes.
final class RunningCLI: @unchecked Sendable {
    private let process = Process()
    /// Standard output and error, read as they come.
    private let collector = PipeCollector()

    init(_ arguments: [String], in folder: URL) throws {
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("liverules")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = collector.pipe
        process.standardError = collector.pipe
        try process.run()
        collector.start()
    }

    deinit {
        stop()
    }

    var output: String { collector.text }

    /// Waits until the output contains `text`, at most `seconds` (by default far past what it
    /// takes on a slow, loaded machine); whether it did. Returns as soon as it does.
    func wait(for text: String, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !output.contains(text) {
            if Date() > deadline || !process.isRunning { return output.contains(text) }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// Ends the process with SIGKILL (a child spawned from a test thread inherits its blocked
    /// signals, SIGTERM included) and waits at most 60 s for it to end; records a failure if not.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            guard Date() < deadline else {
                Issue.record("liverules did not end within 60 s of SIGKILL")
                return
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
