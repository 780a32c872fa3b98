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
    /// The line is parsed without recording where its values start, and again with them only
    /// when there are problems to place.
    package static func read(_ bytes: [UInt8], line: Int, file: String, manifest: PackManifest) throws(DiagnosticError) -> PushRequest {
        var reader = try Self.reader(of: bytes, positions: false, line: line, file: file)
        if let request = read(in: &reader, manifest: manifest) { return request }
        reader = try Self.reader(of: bytes, positions: true, line: line, file: file)
        _ = read(in: &reader, manifest: manifest)
        throw DiagnosticError(reader.diagnostics.map { diagnostic in
            var moved = diagnostic
            moved.line = line + diagnostic.line - 1
            return moved
        })
    }

    /// A reader of the JSON in `bytes`, which records where its values start when `positions`;
    /// a syntax error is a diagnostic at line `line`.
    private static func reader(of bytes: [UInt8], positions: Bool, line: Int, file: String) throws(DiagnosticError) -> DocumentReader {
        do {
            return DocumentReader(document: try JSONParser.parse(bytes, positions: positions), file: file)
        } catch {
            throw DiagnosticError([Diagnostic(file: file, line: line, column: error.position.column, message: "invalid JSON: \(error.message)")])
        }
    }

    /// The request `reader`'s document holds; nil when `reader` found problems.
    private static func read(in reader: inout DocumentReader, manifest: PackManifest) -> PushRequest? {
        let value = reader.document.value
        let fixture = Fixture.read(in: &reader, manifest: manifest, extra: members)
        var request = fixture.map { PushRequest(fixture: $0) }
        switch value["event"] {
        case nil: break
        case .string(let text)? where PushEvent(rawValue: text) != nil: request?.event = PushEvent(rawValue: text)
        case let value?: reader.error("'event' must be start, update or end, got \(value.brief)", at: "event")
        }
        switch value["previousTimestamp"] {
        case nil, .null?: break
        case .integer(let value)?: request?.previousTimestamp = Int(value)
        case let value?: reader.error("'previousTimestamp' must be the Unix seconds of the previous push, got \(value.brief)", at: "previousTimestamp")
        }
        switch value["id"] {
        case nil: break
        case .string(let text)?: request?.id = text
        case let value?: reader.error("'id' must be a string, got \(value.brief)", at: "id")
        }
        return reader.diagnostics.isEmpty ? request : nil
    }

    private init(fixture: Fixture) {
        self.fixture = fixture
    }
}
