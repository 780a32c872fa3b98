/// Push payloads for a stream of activities of one pack (fan-out): one ``PushRequest`` per line
/// in, one JSON line out, in the same order. Stateless: each line carries everything its push
/// needs, so any number of batches may run side by side.
public struct PushBatch: Sendable {
    /// Which push service the payloads are for.
    public enum Platform: String, Sendable, CaseIterable {
        /// APNs: `{"headers": …, "body": {"aps": …}}` per line.
        case ios
        /// FCM HTTP v1: `{"message": …}` per line, without its token (see ``AndroidMessage/json``).
        case android
    }

    /// One line of input: its 1-based number in the stream and its bytes (no newline).
    public struct Line: Sendable {
        /// The line's number, from 1.
        public var number: Int
        /// The line's bytes.
        public var bytes: [UInt8]

        /// Line `number` holding `bytes`.
        public init(number: Int, bytes: [UInt8]) {
            self.number = number
            self.bytes = bytes
        }
    }

    /// What one line gave: its payload as one line of compact JSON, or why there is none.
    public struct Outcome: Sendable {
        /// The input line's number.
        public var line: Int
        /// The payload, or the problems with the line.
        public var result: Result<Built, DiagnosticError>
    }

    /// A built payload as compact JSON, in UTF-8.
    public struct Built: Sendable, Hashable {
        /// The payload alone: equal bytes are equal pushes (what ``PushCohorts`` groups).
        public var payloadBytes: [UInt8]
        /// The output line: the payload with the request's `id` member when it had one, and its
        /// `nextUpdate` when the batch says when to push next.
        public var lineBytes: [UInt8]
        /// When the activity next needs a push, when the batch says (``PushBatch/nextUpdate``).
        public var nextUpdate: NextUpdate?

        /// The payload as text.
        public var payload: String { String(decoding: payloadBytes, as: UTF8.self) }
        /// The output line as text.
        public var line: String { String(decoding: lineBytes, as: UTF8.self) }
    }

    /// Builds the pack's payloads.
    public let builder: PushPayloadBuilder
    /// The event of lines that name none.
    public let event: PushEvent
    /// The push service.
    public let platform: Platform
    /// How diagnostics name the input (`states.jsonl`, `-` for standard input).
    public let file: String
    /// Whether each line carries its activity's ``NextUpdate`` as `"nextUpdate"` (a
    /// presentation more per line, or a few).
    public let nextUpdate: Bool

    /// A batch of `builder`'s pack for `platform`; lines without an event are `event`s; `file`
    /// names the input in diagnostics; with `nextUpdate`, each line says when to push next.
    public init(builder: PushPayloadBuilder, event: PushEvent = .update, platform: Platform = .ios, file: String,
                nextUpdate: Bool = false) {
        self.builder = builder
        self.event = event
        self.platform = platform
        self.file = file
        self.nextUpdate = nextUpdate
    }

    /// Presents `line` with `presenter` and builds its payload.
    public func payload(for line: Line, presenter: Presenter) -> Outcome {
        do throws(DiagnosticError) {
            let request = try PushRequest.read(line.bytes, line: line.number, file: file, manifest: builder.manifest)
            return Outcome(line: line.number, result: .success(try payload(for: request, presenter: presenter, line: line.number)))
        } catch {
            return Outcome(line: line.number, result: .failure(error))
        }
    }

    /// The payload line of `request`, read from line `line`: the payload written once.
    private func payload(for request: PushRequest, presenter: Presenter, line: Int) throws(DiagnosticError) -> Built {
        let fixture = request.fixture
        let event = request.event ?? event
        var text = JSONText(indented: false, capacity: 4096)
        var next: NextUpdate?
        do {
            let presentation: Presentation
            if nextUpdate {
                (presentation, next) = try presenter.presentWithNextUpdate(fixture)
            } else {
                presentation = try presenter.present(fixture)
            }
            switch platform {
            case .ios:
                text.beginObject()
                try builder.write(event, presentation: presentation, attributes: fixture.attributes, state: fixture.state,
                                  now: fixture.now, previousTimestamp: request.previousTimestamp, into: &text)
                text.endObject()
            case .android:
                try AndroidMessage(event, presentation: presentation, now: fixture.now).json.write(to: &text)
            }
        } catch let error as PresentationError {
            throw DiagnosticError(error.diagnostics(inputFile: file).map { $0.moved(to: line, in: file) })
        } catch let error as PayloadError {
            throw DiagnosticError(error.diagnostics(file: file, line: line))
        } catch {
            throw DiagnosticError([Diagnostic(file: file, line: line, message: "\(error)")])
        }
        let payload = text.finishedBytes()
        guard request.id != nil || nextUpdate else { return Built(payloadBytes: payload, lineBytes: payload, nextUpdate: nil) }
        // The members "id" and "nextUpdate" in their sorted places: after "body" and "headers";
        // "id" before "message" and "nextUpdate" after it.
        var id: [UInt8] = [], later: [UInt8] = []
        if let requested = request.id {
            id = Array(#""id":"#.utf8)
            JSONText.appendQuoted(requested, to: &id)
        }
        if nextUpdate {
            var member = JSONText(indented: false, capacity: 256)
            NextUpdate.json(next).write(to: &member)
            later = Array(#","nextUpdate":"#.utf8) + member.finishedBytes()
        }
        let (open, comma, close) = (UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: "}"))
        let line = switch platform {
        case .ios: payload.dropLast() + (id.isEmpty ? [] : [comma] + id) + later + [close]
        case .android: [open] + (id.isEmpty ? [] : id + [comma]) + payload.dropFirst().dropLast() + later + [close]
        }
        return Built(payloadBytes: payload, lineBytes: line, nextUpdate: next)
    }

    /// Runs the batch on `engine`'s active version of the pack, on `workers` threads: `next`
    /// gives the next lines at hand (nil at the end; called on a reader thread), `deliver`
    /// receives the outcomes in line order on the calling thread. See ``RuleEngine/presentBatch(_:workers:next:work:deliver:)``.
    public func run(
        on engine: RuleEngine, workers: Int, next: @escaping @Sendable () -> [Line]?, deliver: ([Outcome]) -> Void
    ) throws(PresentationError) {
        let batch = self
        try engine.presentBatch(builder.manifest.name, workers: workers, next: next,
                                work: { line, presenter in batch.payload(for: line, presenter: presenter) }, deliver: deliver)
    }
}

extension PayloadError {
    /// The problem as diagnostics at line `line` of `file`.
    package func diagnostics(file: String, line: Int = 1) -> [Diagnostic] {
        switch self {
        case .noPushSettings, .input:
            description.split(separator: "\n").map { Diagnostic(file: file, line: line, message: String($0)) }
        case .invalid(let findings):
            findings.map { Diagnostic(file: file, line: line, severity: $0.severity, message: $0.summary) }
        }
    }
}

extension Diagnostic {
    /// The diagnostic at line `line` of `file` when it is about `file`; unchanged otherwise (a
    /// rule's own file and line).
    func moved(to line: Int, in file: String) -> Diagnostic {
        guard self.file == file else { return self }
        var moved = self
        moved.line = line
        return moved
    }
}
