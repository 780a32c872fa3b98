import Foundation

/// Explores the states a pack can meet: generates fixtures from its schema (``StateGenerator``),
/// presents each and checks every promise on it — those the host keeps for every pack, and the
/// pack's own (``PackPromises``). A state that breaks one is shrunk (fewer items, fewer optional
/// fields, shorter texts, rounder times) to a smallest state that still breaks it.
package final class Explorer {
    /// A promise a state broke.
    package struct Failure: Sendable, Hashable {
        /// The promise: `rules-never-fail`, `placement-not-empty`, `shown-or-dropped`,
        /// `text-not-empty`, `fits-its-slot`, or `promise` (one of the pack's own).
        package var property: String
        package var placement: String?
        package var message: String
        /// The pack's promise, when it is one: its file and line.
        package var file: String?
        package var line: Int?

        /// What shrinking keeps: the same promise broken at the same placement.
        var key: String { "\(property) \(placement ?? "") \(file ?? ""):\(line ?? 0)" }
    }

    /// A broken promise and the smallest state found that breaks it.
    package struct Finding: Sendable {
        package var failure: Failure
        /// The generated state that broke it first (its index from 0).
        package var index: Int
        /// The shrunk state, in the fixture file's form.
        package var fixture: JSONValue
    }

    private let pack: RulePack
    private let presenter: Presenter
    private let promises: PackPromises?
    /// The fixture file's type: `now`, the attributes and the state.
    private let fixtureType: SchemaType
    /// Presentations shrinking may spend on one finding.
    private let shrinkBudget = 2000

    /// Sets `pack` up to explore; errors are the setup's (the rules' or the promises').
    package init(pack: RulePack) throws(PresentationError) {
        self.pack = pack
        presenter = try Presenter(pack: pack)
        promises = try PackPromises(pack)
        let schema = pack.manifest.schema
        fixtureType = .object(name: "Fixture", fields: [
            SchemaField(name: "now", type: .date), SchemaField(name: "attributes", type: schema.attributes),
            SchemaField(name: "state", type: schema.state),
        ])
    }

    /// Explores `count` states from `seed`: the first state to break each promise (at each
    /// placement), shrunk.
    package func explore(seed: UInt64, count: Int) -> [Finding] {
        var generator = StateGenerator(schema: pack.manifest.schema, seed: seed)
        var findings: [Finding] = [], seen: Set<String> = []
        for index in 0..<count {
            let fixture = generator.next()
            for failure in failures(of: fixture) where seen.insert(failure.key).inserted {
                let shrunk = shrink(fixture, breaking: failure)
                findings.append(Finding(failure: failures(of: shrunk).first { $0.key == failure.key } ?? failure, index: index, fixture: shrunk))
            }
        }
        return findings
    }

    /// The promises `fixture` (the file's form) breaks; none when it does not match the schema
    /// (a state the app cannot send).
    package func failures(of fixture: JSONValue) -> [Failure] {
        guard let text = try? JSONWriter.compact(fixture),
              let read = try? Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: pack.manifest)
        else { return [] }
        let presentation: Presentation
        do {
            presentation = try presenter.present(read)
        } catch {
            let problem = error.diagnostics().first.map(\.description) ?? "\(error)"
            return [Failure(property: "rules-never-fail", placement: nil, message: problem)]
        }
        var failures = Self.hostFailures(of: presentation, now: read.now)
        guard let promises else { return failures }
        do {
            for broken in try promises.broken(by: presentation, of: read) {
                let line = broken.row <= promises.rowLines.count ? promises.rowLines[broken.row - 1] : nil
                failures.append(Failure(property: "promise", placement: broken.placement, message: broken.message,
                                        file: promises.chunkName, line: line))
            }
        } catch {
            let problem = error.diagnostics().first.map(\.description) ?? "\(error)"
            failures.append(Failure(property: "promises-never-fail", placement: nil, message: problem))
        }
        return failures
    }

    /// The promises the host keeps for every pack that `presentation` breaks.
    static func hostFailures(of presentation: Presentation, now: Double) -> [Failure] {
        var failures: [Failure] = []
        let showsSomething = presentation.layout.values.contains { !$0.fields.isEmpty }
        for placement in Placement.allCases {
            let layout = presentation.layout[placement]
            let shown = layout?.fields.map(\.id) ?? []
            if showsSomething, shown.isEmpty {
                failures.append(Failure(property: "placement-not-empty", placement: placement.rawValue,
                                        message: "shows nothing while other placements show fields"
                                            + ((layout?.dropped.isEmpty ?? true) ? "" : " (dropped: \(layout!.dropped.joined(separator: ", ")))")))
            }
            for id in Set(shown).intersection(layout?.dropped ?? []).sorted() {
                failures.append(Failure(property: "shown-or-dropped", placement: placement.rawValue,
                                        message: "\(id) is both shown and dropped"))
            }
        }
        for finding in OutputFinding.findings(in: presentation, now: now) {
            let property: String
            switch finding.kind {
            case .emptyText: property = "text-not-empty"
            case .tooWide, .sharedLine: property = "fits-its-slot"
            case .emptyMinimal, .shownTwice: continue  // placement-not-empty says the first; the second is taste
            }
            failures.append(Failure(property: property, placement: finding.placement.rawValue, message: finding.description))
        }
        return failures
    }

    // MARK: Shrinking

    /// The smallest state found from `fixture` that still breaks `failure`: reductions are tried
    /// in order and the first that keeps the failure is taken, until none does (or the budget
    /// of presentations is spent).
    func shrink(_ fixture: JSONValue, breaking failure: Failure) -> JSONValue {
        var current = fixture, spent = 0
        var progressed = true
        while progressed, spent < shrinkBudget {
            progressed = false
            for candidate in reductions(of: current) {
                spent += 1
                if failures(of: candidate).contains(where: { $0.key == failure.key }) {
                    current = candidate
                    progressed = true
                    break
                }
                if spent >= shrinkBudget { break }
            }
        }
        return current
    }

    /// Smaller states than `fixture`, most reducing first: lists halved, then without each item;
    /// optional members left out; texts shortened; times rounded to the minute, then to 5 minutes.
    func reductions(of fixture: JSONValue) -> [JSONValue] {
        var nodes: [(path: [JSONPath.Step], value: JSONValue, type: SchemaType, optional: Bool)] = []
        Self.collect(fixture, type: fixtureType, path: [], optional: false, into: &nodes)
        var lists: [JSONValue] = [], members: [JSONValue] = [], texts: [JSONValue] = [], times: [JSONValue] = []
        for node in nodes {
            switch (node.value, node.type) {
            case (.array(let elements), _) where !elements.isEmpty:
                if elements.count > 1 {
                    let half = elements.count / 2
                    lists.append(Self.setting(fixture, at: node.path, to: .array(Array(elements[..<half]))))
                    lists.append(Self.setting(fixture, at: node.path, to: .array(Array(elements[half...]))))
                }
                for index in elements.indices {
                    var fewer = elements
                    fewer.remove(at: index)
                    lists.append(Self.setting(fixture, at: node.path, to: .array(fewer)))
                }
            case (.string(let text), .date):
                if let date = ISO8601.parse(text) {
                    for unit in [60.0, 300.0] where date.truncatingRemainder(dividingBy: unit) != 0 {
                        times.append(Self.setting(fixture, at: node.path, to: .string(ISO8601.format((date / unit).rounded() * unit))))
                    }
                }
            case (.string(let text), .string) where text.count > 1:
                texts.append(Self.setting(fixture, at: node.path, to: .string("A")))
                texts.append(Self.setting(fixture, at: node.path, to: .string(String(text.prefix(text.count / 2)))))
            default:
                break
            }
            if node.optional, node.value != .null { members.append(Self.setting(fixture, at: node.path, to: nil)) }
        }
        return lists + members + texts + times
    }

    /// Every value inside `value` (of `type`) with its path; `optional` for a member that may be left out.
    private static func collect(_ value: JSONValue, type: SchemaType, path: [JSONPath.Step], optional: Bool,
                                into nodes: inout [(path: [JSONPath.Step], value: JSONValue, type: SchemaType, optional: Bool)]) {
        let type = type.required
        nodes.append((path, value, type, optional))
        switch (value, type) {
        case (.array(let elements), .array(let element)):
            for (index, item) in elements.enumerated() { collect(item, type: element, path: path + [.element(index)], optional: false, into: &nodes) }
        case (.object(let members), .object(_, let fields)):
            for field in fields {
                guard let member = members[field.name] else { continue }
                collect(member, type: field.type, path: path + [.member(field.name)], optional: field.type.isOptional, into: &nodes)
            }
        default:
            break
        }
    }

    /// `root` with the value at `path` replaced (nil: the member or item removed).
    private static func setting(_ root: JSONValue, at path: [JSONPath.Step], to replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        let rest = Array(path.dropFirst())
        switch (root, step) {
        case (.object(var members), .member(let key)):
            if rest.isEmpty, replacement == nil { members[key] = nil } else if let member = members[key] {
                members[key] = setting(member, at: rest, to: replacement)
            }
            return .object(members)
        case (.array(var elements), .element(let index)) where elements.indices.contains(index):
            if rest.isEmpty, replacement == nil { elements.remove(at: index) } else {
                elements[index] = setting(elements[index], at: rest, to: replacement)
            }
            return .array(elements)
        default:
            return root
        }
    }
}
