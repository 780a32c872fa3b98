import Foundation
import Testing

/// A process that does not finish in time is killed and fails the test, never hangs it.
@Suite struct FinishedProcessTests {
    /// A `sleep 30` given 0.3 s: the run throws without waiting for it, and it ends killed (had
    /// it slept its 30 s out, it would have exited).
    @Test func aProcessPastItsDeadlineIsKilledAndThrows() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["30"]
        #expect(throws: FinishedProcess.DeadlineExceeded.self) { _ = try FinishedProcess.run(process, seconds: 0.3) }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL, "the process was killed")
    }

    @Test func aFinishedProcessGivesItsStatusAndOutputs() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "echo out; echo err >&2; exit 3"]
        let finished = try FinishedProcess.run(process)
        #expect(finished.status == 3)
        #expect(String(decoding: finished.output, as: UTF8.self) == "out\n")
        #expect(String(decoding: finished.errors, as: UTF8.self) == "err\n")
    }
}
