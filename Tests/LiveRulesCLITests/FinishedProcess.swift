import Foundation

/// A process run to its end within a deadline, with everything it wrote.
struct FinishedProcess {
    var status: Int32
    var output: Data
    var errors: Data

    /// A process that did not end, or did not close its outputs, in time: thrown, so the test fails.
    struct DeadlineExceeded: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `process` with its standard output and error collected; with `typing`, its standard
    /// input is a pipe that gets those bytes and stays open. Waits at most `seconds` (by default
    /// far past what any command takes on a slow, loaded machine) for the process to end and
    /// close its outputs; past that it is killed and `DeadlineExceeded` thrown.
    static func run(_ process: Process, typing input: Data? = nil, seconds: Double = 120) throws -> FinishedProcess {
        let output = Pipe(), errors = Pipe(), keyboard = input.map { _ in Pipe() }
        process.standardOutput = output
        process.standardError = errors
        if let keyboard { process.standardInput = keyboard }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if let input, let keyboard { keyboard.fileHandleForWriting.write(input) }
        let collected = Collected()
        let read = DispatchGroup()
        for (pipe, isOutput) in [(output, true), (errors, false)] {
            read.enter()
            DispatchQueue.global().async {
                collected.store(pipe.fileHandleForReading.readDataToEndOfFile(), isOutput: isOutput)
                read.leave()
            }
        }
        let deadline = DispatchTime.now() + seconds
        guard ended.wait(timeout: deadline) == .success, read.wait(timeout: deadline) == .success else {
            kill(process.processIdentifier, SIGKILL)
            let name = ([process.executableURL?.lastPathComponent ?? "process"] + (process.arguments ?? [])).joined(separator: " ")
            throw DeadlineExceeded(description: "\(name) did not finish within \(seconds) s")
        }
        // Both readers are done: close what this side holds. Foundation keeps the pipes of a
        // finished process open, and a suite that runs hundreds of processes would run out.
        for handle in [output.fileHandleForReading, errors.fileHandleForReading] + (keyboard.map { [$0.fileHandleForWriting] } ?? []) {
            try? handle.close()
        }
        return FinishedProcess(status: process.terminationStatus, output: collected.output, errors: collected.errors)
    }

    /// What the two readers collected.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Bool: Data] = [:]

        func store(_ bytes: Data, isOutput: Bool) { lock.withLock { data[isOutput] = bytes } }
        var output: Data { lock.withLock { data[true] ?? Data() } }
        var errors: Data { lock.withLock { data[false] ?? Data() } }
    }
}
