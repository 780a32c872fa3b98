import Foundation
import Testing

/// A process that does not finish in time is killed and fails the test, never hangs it.
@Suite struct FinishedProcessTests {
    @Test func aProcessPastItsDeadlineIsKilledAndThrows() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        let started = Date()
        #expect(throws: FinishedProcess.DeadlineExceeded.self) { _ = try FinishedProcess.run(process, seconds: 0.3) }
        #expect(Date().timeIntervalSince(started) < 5)
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!process.isRunning, "the process was killed")
    }

    @Test func aFinishedProcessGivesItsStatusAndOutputs() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "echo out; echo err >&2; exit 3"]
        let finished = try FinishedProcess.run(process, seconds: 10)
        #expect(finished.status == 3)
        #expect(String(decoding: finished.output, as: UTF8.self) == "out\n")
        #expect(String(decoding: finished.errors, as: UTF8.self) == "err\n")
    }
}
