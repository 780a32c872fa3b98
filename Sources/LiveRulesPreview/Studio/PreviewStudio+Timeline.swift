#if Studio
import LiveRules
import LiveRulesTooling

extension PreviewStudio {
    /// The timeline of case `id` of the pack at `path` on the pack's active version, as
    /// ``Timeline/json``: from
    /// `from` to `to` (ISO-8601) every `step` seconds, each by default as
    /// ``TimelineRange/span(of:schema:)``. `stopping` is asked before each step, as
    /// ``Timeline/init(_:range:stopping:present:)`` asks it.
    package func timeline(
        pack path: String, case id: String, from: String?, to: String?, step: String?,
        stopping: (Timeline) -> String? = { _ in nil }
    ) throws(StudioError) -> JSONValue {
        guard let pack = pack(at: path), let shown = studioCase(pack: path, id: id) else {
            throw StudioError(.notFound, "no case \(id) in \(path)")
        }
        guard let version = version(named: pack.name) else { throw StudioError(.notFound, "\(path) has no active version") }
        let testCase = GoldenCase(folder: version.pack.folder, name: shown.name)
        let fixture: Fixture
        do {
            fixture = try Fixture.load(testCase.fixtureFile, in: testCase.folder, manifest: version.pack.manifest)
        } catch {
            throw StudioError(.conflict, error.diagnostics.map(\.description).joined(separator: "\n"))
        }
        var range = TimelineRange.span(of: fixture, schema: version.pack.manifest.schema)
        for (text, name, keyPath) in [(from, "from", \TimelineRange.from), (to, "to", \TimelineRange.to)] {
            guard let text else { continue }
            guard let seconds = ISO8601.parse(text) else { throw StudioError(.badRequest, "\(name): expected an ISO-8601 time, got \(text)") }
            range[keyPath: keyPath] = seconds
        }
        if let step {
            guard let seconds = Double(step) else { throw StudioError(.badRequest, "step: expected seconds, got \(step)") }
            range.step = seconds
        }
        if let problem = range.problem { throw StudioError(.badRequest, problem) }
        // A counted presenter: a rule that runs away ends in its instruction budget, the same on
        // every machine, not in the serving engine's CPU-time deadline.
        let presenter = try? Presenter(pack: version.pack, recordsCoverage: false)
        return Timeline(fixture, range: range, stopping: stopping) { fixture throws(PresentationError) in
            guard let presenter else { return (try version.present(fixture), nil) }
            return try presenter.presentNoting(fixture)
        }.json
    }
}
#endif
