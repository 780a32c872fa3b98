import Foundation

/// One activity to push, as a line of `liverules payload --batch` input: a fixture's members
/// (`attributes`, `state`, `now`, `previousPhase`) and, optionally, `previousTimestamp` (the
/// activity's last push), `event` (start, update or end) and `id` (echoed in the output, to
/// match payloads to devices).
public struct PushRequest: Sendable {
    static let members = ["previousTimestamp", "event", "id"]

    /// The moment to present.
    public var fixture: Fixture
    /// The push's event; `nil` for the batch's default.
    public var event: PushEvent?
    /// The timestamp of the activity's previous push.
    public var previousTimestamp: Int?
    /// The caller's name for the activity.
    public var id: String?

    /// Reads the request on line `line` of the file `file` names; diagnostics point at that line.
    package static func read(_ bytes: some Collection<UInt8>, line: Int, file: String, manifest: PackManifest) throws(DiagnosticError) -> PushRequest {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(Array(bytes))
        } catch {
            throw DiagnosticError([Diagnostic(file: file, line: line, column: error.position.column, message: "invalid JSON: \(error.message)")])
        }
        var reader = DocumentReader(document: document, file: file)
        let fixture = Fixture.read(in: &reader, manifest: manifest, extra: members)
        var request = fixture.map { PushRequest(fixture: $0) }
        switch document.value["event"] {
        case nil: break
        case .string(let text)? where PushEvent(rawValue: text) != nil: request?.event = PushEvent(rawValue: text)
        case let value?: reader.error("'event' must be start, update or end, got \(value.brief)", at: "event")
        }
        switch document.value["previousTimestamp"] {
        case nil, .null?: break
        case .integer(let value)?: request?.previousTimestamp = Int(value)
        case let value?: reader.error("'previousTimestamp' must be the Unix seconds of the previous push, got \(value.brief)", at: "previousTimestamp")
        }
        switch document.value["id"] {
        case nil: break
        case .string(let text)?: request?.id = text
        case let value?: reader.error("'id' must be a string, got \(value.brief)", at: "id")
        }
        guard let request, reader.diagnostics.isEmpty else {
            throw DiagnosticError(reader.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.line = line + diagnostic.line - 1
                return moved
            })
        }
        return request
    }

    private init(fixture: Fixture) {
        self.fixture = fixture
    }
}
