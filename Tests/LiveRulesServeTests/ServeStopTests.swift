#if Service
import Foundation
import HTTPTestSupport
import Testing

/// How `liverules serve` stops: on SIGTERM it takes no new connection, finishes what it is
/// answering (a batch still being sent included), and exits 0.
@Suite struct ServeStopTests {
    @Test func sigtermFinishesTheBatchBeingAnsweredThenExitsZero() async throws {
        let server = try await RunningServer(packs: ["match"])
        let line = try ServeFixtures.line("match", "after-full-time") + "\n"
        let batch = try StreamingRequest(port: server.port, "/v1/match/batch")
        try batch.send(chunk: line)
        #expect(await batch.wait { $0.hasSuffix("\n") }, "the batch's first line is answered")
        server.child.terminate()
        #expect(try await server.wait {
            (try? HTTPTestClient.connect(port: server.port)).map { close($0) } == nil
        }, "no new connection is taken once it is stopping")
        try batch.send(chunk: line)
        try batch.end()
        let answer = try await batch.response()
        #expect(answer.status == 200)
        let lines = answer.body.split(separator: "\n")
        #expect(lines.count == 2, "both lines are answered: \(answer.body.prefix(300))")
        #expect(lines.allSatisfy { $0.contains("\"aps\"") && !$0.contains("\"error\"") })
        #expect(try await server.child.exitStatus() == 0)
    }
}
#endif
