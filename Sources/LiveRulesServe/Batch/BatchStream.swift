#if Service
import Foundation
import Hummingbird
import LiveRules
import NIOCore

/// One `POST /v1/{pack}/batch`: the body's lines in, one output line per input line out, in
/// order, as `liverules payload --batch` writes them (a payload, or `{"error", "line"}` with the
/// CLI's diagnostics), each written as soon as it and those before it are done.
///
/// The lines are presented by ``PushBatch`` on threads of their own; the body is read and the
/// output written by the response's task. Between them, bounded queues (``Handoff``) hold a few
/// chunks each way, so memory stays bounded whatever the length of the stream: a client that
/// reads slowly slows the reading of its body. A client that goes away stops the batch.
struct BatchStream: Sendable {
    /// Builds each line's push, naming the input `body`.
    let batch: PushBatch
    /// Presents the lines.
    let engine: RuleEngine
    /// The version every line is presented on: the one `batch` was read from, whatever is
    /// activated while the batch runs.
    let version: PackVersion
    /// The pack's name.
    var pack: String { version.pack.manifest.name }
    /// The longest line, the read timeout, the threads.
    let limits: ServeLimits
    /// Where lines are counted.
    let metrics: ServeMetrics

    /// Chunks of lines (or of output) held between the body, the batch and the response.
    private static let queued = 4

    /// Streams the output of the lines of `body` to `writer`.
    func run(_ body: RequestBody, to writer: inout any ResponseBodyWriter) async throws {
        let input = Handoff<[PushBatch.Line]>(capacity: Self.queued)
        let output = Handoff<String>(capacity: Self.queued)
        let tooLong = LineSet()
        let presenting = Thread { [self] in
            present(from: input, to: output, tooLong: tooLong)
            output.finish()
        }
        presenting.name = "liverules-serve-batch"
        presenting.start()
        let (limit, timeout) = (limits.line, limits.readTimeout)
        let reading = Task { await BodyReader.lines(body, into: input, limit: limit, tooLong: tooLong, timeout: timeout) }
        let stop: @Sendable () -> Void = {
            reading.cancel()
            input.cancel()
            output.cancel()
        }
        // A response cancelled (its connection gone) or a write that fails stops the batch.
        try await withTaskCancellationHandler {
            do {
                while let text = await output.receive() {
                    try await writer.write(ByteBuffer(string: text))
                }
                let end = await reading.value
                if end.timedOut {
                    metrics.failed(.timeout)
                    let error = ServeError(.timeout, [Diagnostic(file: ServeError.body, line: end.next, column: 1,
                                                                 message: BodyReader.timedOutMessage(timeout))])
                    try await writer.write(ByteBuffer(string: Self.errorLine(error, line: end.next)))
                }
            } catch {
                stop()
                throw error
            }
        } onCancel: {
            stop()
        }
    }

    /// Presents the lines `input` hands over, each with ``PushBatch/payload(for:presenter:)`` on
    /// ``version``, and hands their output lines to `output`, a chunk at a time,
    /// counting each line.
    private func present(from input: Handoff<[PushBatch.Line]>, to output: Handoff<String>, tooLong: LineSet) {
        let (batch, manifest, pack) = (batch, batch.builder.manifest, pack)
        do {
            try engine.presentBatch(on: version, workers: limits.batchWorkers, next: { input.take() }, work: { line, presenter in
                let outcome = batch.payload(for: line, presenter: presenter)
                guard case .failure(let error) = outcome.result else { return (outcome, nil) }
                return (outcome, PackRequests.classified(error, line: line, manifest: manifest))
            }, deliver: { (outcomes: [(PushBatch.Outcome, ServeError?)]) in
                var text = "", presented = 0
                for (outcome, failure) in outcomes {
                    guard var failure else {
                        if case .success(let built) = outcome.result { text += built.line + "\n" }
                        presented += 1
                        continue
                    }
                    if tooLong.contains(outcome.line) {
                        failure = ServeError(.tooLarge, [Diagnostic(file: ServeError.body, line: outcome.line, column: 1,
                                                                    message: "the line is longer than \(ServeLimits.bytes(limits.line)) (--max-line)")])
                    }
                    metrics.failed(failure.kind)
                    text += Self.errorLine(failure, line: outcome.line)
                }
                if presented > 0 { metrics.presented(pack, on: .batch, count: presented) }
                if !output.put(text) { input.cancel() }
            })
        } catch {
            let failure = ServeError.failed(error)
            metrics.failed(failure.kind)
            _ = output.put(Self.errorLine(failure, line: 0))
        }
    }

    /// The output line of a line that failed: `{"error": the CLI's diagnostics, "line": n}`.
    static func errorLine(_ error: ServeError, line: Int) -> String {
        "{\"error\":\(JSONWriter.quoted(error.message)),\"line\":\(line)}\n"
    }
}

/// Line numbers shared between the task reading a batch and the thread writing its output.
final class LineSet: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: Set<Int> = []

    /// Adds `number`.
    func insert(_ number: Int) {
        lock.withLock { _ = numbers.insert(number) }
    }

    /// Whether `number` was added.
    func contains(_ number: Int) -> Bool {
        lock.withLock { numbers.contains(number) }
    }
}
#endif
