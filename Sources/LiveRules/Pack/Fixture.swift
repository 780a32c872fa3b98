import Foundation

/// One moment to present: `{ "now": ISO-8601, "attributes": {…}, "state": {…} }`, with an
/// optional `"previousPhase"` (the phase of the update before, for alerts) and `"description"`.
/// Values are checked against the pack's schema when the fixture is read and kept as rules
/// receive them (dates as Unix seconds).
public struct Fixture: Sendable, Hashable {
    static let members = ["now", "attributes", "state", "previousPhase", "description"]

    /// How messages name the fixture file.
    public var file: String
    /// Unix seconds.
    public var now: Double
    /// The phase of the update before, one of the pack's phases; `nil` when there was none.
    public var previousPhase: String?
    /// The activity's static attributes, as the schema's attributes type.
    public var attributes: JSONValue
    /// The activity's content state, as the schema's state type.
    public var state: JSONValue

    /// A fixture from values already in rule form (dates as Unix seconds); nothing is checked
    /// until it is presented.
    public init(file: String, now: Double, previousPhase: String? = nil, attributes: JSONValue, state: JSONValue) {
        self.file = file
        self.now = now
        self.previousPhase = previousPhase
        self.attributes = attributes
        self.state = state
    }

    /// Reads and checks the fixture at `url`; every problem is reported, at its line and column.
    /// A file over ``InputLimits/fixtureBytes`` is refused before it is read.
    public static func load(from url: URL, displayPath: String, manifest: PackManifest) throws(DiagnosticError) -> Fixture {
        try read(JSONFile.contents(of: url, displayPath: displayPath, limit: InputLimits.fixtureBytes, kind: "a fixture"),
                 displayPath: displayPath, manifest: manifest)
    }

    /// Reads and checks a fixture from the bytes of the file `displayPath` names.
    package static func read(_ data: Data, displayPath: String, manifest: PackManifest) throws(DiagnosticError) -> Fixture {
        try JSONFile.read(data, displayPath: displayPath) { reader in read(in: &reader, manifest: manifest) }
    }

    /// Reads a parsed fixture; `extra` names members a caller reads itself (a push request's).
    static func read(in reader: inout DocumentReader, manifest: PackManifest, extra: [String] = []) -> Fixture? {
        guard case .object(let members) = reader.document.value else {
            reader.error("a fixture is a JSON object with 'now', 'attributes' and 'state'", at: "")
            return nil
        }
        if members.keys.contains(where: { !Self.members.contains($0) && !extra.contains($0) }) {
            let known = Self.members + extra
            for key in members.keys.sorted() where !known.contains(key) {
                reader.error("unknown member '\(key)'" + Suggestion.hint(for: key, among: known), at: key)
            }
        }
        var now: Double?
        if case .string(let text)? = members["now"], let seconds = ISO8601.parse(text) {
            now = seconds
        } else {
            reader.error("'now' must be an ISO-8601 time such as \"2026-03-02T09:45:00Z\", got \(members["now"]?.brief ?? "nothing")", at: "now")
        }
        var previousPhase: String?
        switch members["previousPhase"] {
        case nil, .null?: break
        case .string(let phase)? where manifest.phases.contains(phase): previousPhase = phase
        case let value?:
            reader.error("'previousPhase' must be one of the pack's phases (\(manifest.phases.joined(separator: ", "))), got \(value.brief)", at: "previousPhase")
        }
        var mismatches: [SchemaMismatch] = []
        let attributes = manifest.schema.attributes.lower(members["attributes"] ?? .null, at: "attributes", into: &mismatches)
        let state = manifest.schema.state.lower(members["state"] ?? .null, at: "state", into: &mismatches)
        for (mismatch, path) in SchemaMismatch.collapsed(mismatches) { reader.error(mismatch.description, at: path) }
        guard reader.diagnostics.isEmpty, let now else { return nil }
        return Fixture(file: reader.file, now: now, previousPhase: previousPhase, attributes: attributes, state: state)
    }
}

// MARK: - Loading from a pack folder

extension Fixture {
    /// Reads and checks the fixture `relative` (`fixtures/countdown.json`) of the pack in
    /// `folder`; refused when it leads outside the pack. `displayPath` names it in messages (by
    /// default `folder.display(relative)`).
    package static func load(
        _ relative: String, in folder: PackFolder, displayPath: String? = nil, manifest: PackManifest
    ) throws(DiagnosticError) -> Fixture {
        let display = displayPath ?? folder.display(relative)
        guard let url = try folder.location(of: relative) else {
            throw DiagnosticError([Diagnostic(file: display, message: "cannot read the file")])
        }
        return try load(from: url, displayPath: display, manifest: manifest)
    }
}
