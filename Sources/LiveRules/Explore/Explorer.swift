import Foundation

/// Explores the states a pack can meet: generates fixtures from its schema (``StateGenerator``),
/// presents each and checks every promise on it — those the host keeps for every pack, and the
/// pack's own (``PackPromises``). A state that breaks one is shrunk (fewer items, fewer optional
/// fields, simpler and shorter texts, rounder times) to a smallest state that still breaks it.
package final class Explorer {
    /// A promise a state broke.
    package struct Failure: Sendable, Hashable {
        /// The promise: `rules-never-fail`, `placement-not-empty`, `shown-or-dropped`,
        /// `text-not-empty`, `fits-its-slot`, `promise` (one of the pack's own) or
        /// `promises-never-fail`.
        package var property: String
        package var placement: String?
        package var message: String
        /// Where it was decided: the pack's promise (its row's line), or the rule line that failed.
        package var file: String?
        package var line: Int?

        /// What tells findings apart: the promise, the placement, and where it was decided.
        package var key: String { "\(property) \(placement ?? "") \(file ?? ""):\(line ?? 0)" }

        /// Whether `other` breaks the same promise in the same way, as shrinking must keep it:
        /// the same ``key`` and, for a failure or a pack's promise, the same message up to the
        /// texts it quotes and the numbers it holds (a rule failing on another value, not
        /// another failure at its line).
        func isSame(as other: Failure) -> Bool {
            guard key == other.key else { return false }
            guard property == "rules-never-fail" || property == "promises-never-fail" || property == "promise" else { return true }
            return Self.shape(of: message) == Self.shape(of: other.message)
        }

        /// `message` without what it quotes (between `"` or `'`) and with each number as `#`.
        private static func shape(of message: String) -> String {
            var kept = "", quote: Character?, inNumber = false
            for character in message {
                if let open = quote {
                    if character == open { quote = nil }
                    continue
                }
                if character == "\"" || character == "'" {
                    quote = character
                    kept.append(character)
                } else if character.isNumber {
                    if !inNumber { kept.append("#") }
                    inNumber = true
                    continue
                } else {
                    kept.append(character)
                }
                inNumber = false
            }
            return kept
        }
    }

    /// A broken promise and the smallest state found that breaks it.
    package struct Finding: Sendable {
        package var failure: Failure
        /// The generated state that broke it first (its index from 0).
        package var index: Int
        /// The shrunk state, in the fixture file's form (dates as ISO-8601 text).
        package var fixture: JSONValue
        /// Why the placement came out as it did on the shrunk state: the rule lines that placed
        /// and dropped its fields (`liverules eval --explain`), each `file:line: summary`.
        package var why: [String]
        /// Where to look: the pack's promise or the rule line that failed; for the host's
        /// promises, the rule line that laid the placement out.
        package var file: String?
        package var line: Int?
    }

    /// What exploring found: the findings, and the pack's promises that never applied.
    package struct Report: Sendable {
        package var findings: [Finding]
        /// The rows of `promises.lua` whose `when` matched none of the states, with their line.
        package var neverApplied: [(row: Int, line: Int)]
        /// The pack's promises file (for messages about its rows), nil when it has none.
        package var promisesFile: String?
    }

    private let pack: RulePack
    private let presenter: Presenter
    /// The presenter that says why a finding's placement came out as it did; set up at the
    /// first finding.
    private lazy var explaining = Result { () throws(PresentationError) in try Presenter(pack: pack, explains: true) }
    private let promises: PackPromises?
    /// The fixture file's type: `now`, the attributes and the state.
    private let fixtureType: SchemaType
    /// Presentations shrinking may spend on one finding.
    private let shrinkBudget = 2000
    /// How many states each row of the pack's promises applied to, by position.
    private var applications: [Int]

    /// Sets `pack` up to explore; errors are the setup's (the rules' or the promises').
    package init(pack: RulePack) throws(PresentationError) {
        self.pack = pack
        presenter = try Presenter(pack: pack)
        promises = try PackPromises(pack)
        applications = Array(repeating: 0, count: promises?.rows.count ?? 0)
        let schema = pack.manifest.schema
        fixtureType = .object(name: "Fixture", fields: [
            SchemaField(name: "now", type: .date), SchemaField(name: "attributes", type: schema.attributes),
            SchemaField(name: "state", type: schema.state),
        ])
    }

    /// Explores `count` states from `seed`: the first state to break each promise (at each
    /// placement, at each place it was decided), shrunk and explained.
    package func explore(seed: UInt64, count: Int) -> Report {
        var generator = StateGenerator(schema: pack.manifest.schema, seed: seed)
        var findings: [Finding] = [], seen: Set<String> = []
        applications = applications.map { _ in 0 }
        for index in 0..<count {
            let fixture = generator.next()
            for failure in failures(ofState: fixture, counting: true) where seen.insert(failure.key).inserted {
                let shrunk = shrink(fixture, breaking: failure)
                let kept = failures(ofState: shrunk).first { $0.isSame(as: failure) } ?? failure
                let entries = explanation(of: kept, on: shrunk)
                let decided = entries.first { $0.file != nil }
                findings.append(Finding(failure: kept, index: index, fixture: fileForm(shrunk),
                                        why: entries.map { entry in (entry.location.map { "\($0): " } ?? "") + entry.summary },
                                        file: kept.file ?? decided?.file, line: kept.file != nil ? kept.line : decided?.line))
            }
        }
        let never = applications.indices.filter { applications[$0] == 0 }.map { index in
            (row: index + 1, line: promises.map { $0.rowLines.indices.contains(index) ? $0.rowLines[index] : 1 } ?? 1)
        }
        return Report(findings: findings, neverApplied: never, promisesFile: promises?.chunkName)
    }

    /// The promises `fixture` (the file's form, dates as ISO-8601 text) breaks; none when it
    /// does not match the schema (a state the app cannot send).
    package func failures(of fixture: JSONValue) -> [Failure] {
        Self.fixture(fixture, manifest: pack.manifest).map { failures(of: $0, counting: false) } ?? []
    }

    /// The promises `state` (in rule form, as the generator makes it and shrinking keeps it)
    /// breaks. `counting` counts the rows of the pack's promises that applied.
    private func failures(ofState state: JSONValue, counting: Bool = false) -> [Failure] {
        Self.state(state).map { failures(of: $0, counting: counting) } ?? []
    }

    private func failures(of read: Fixture, counting: Bool) -> [Failure] {
        let presentation: Presentation
        do {
            presentation = try presenter.present(read)
        } catch {
            return [Self.failure("rules-never-fail", error)]
        }
        var failures = Self.hostFailures(of: presentation, now: read.now)
        guard let promises else { return failures }
        do {
            let (broken, applied) = try promises.check(presentation, of: read)
            if counting {
                for row in applied where applications.indices.contains(row - 1) { applications[row - 1] += 1 }
            }
            for broken in broken {
                let line = promises.rowLines.indices.contains(broken.row - 1) ? promises.rowLines[broken.row - 1] : nil
                failures.append(Failure(property: "promise", placement: broken.placement, message: broken.message,
                                        file: promises.chunkName, line: line))
            }
        } catch {
            failures.append(Self.failure("promises-never-fail", error))
        }
        return failures
    }

    /// A failure of the rules or of the promises, at the line that failed.
    private static func failure(_ property: String, _ error: PresentationError) -> Failure {
        guard let diagnostic = error.diagnostics().first else { return Failure(property: property, message: "\(error)") }
        return Failure(property: property, message: diagnostic.message, file: diagnostic.file, line: diagnostic.line)
    }

    /// A state in rule form as a fixture: its values are the schema's by construction.
    package static func state(_ value: JSONValue) -> Fixture? {
        guard case .object(let members) = value, case .number(let now)? = members["now"] else { return nil }
        return Fixture(file: "explored.json", now: now, attributes: members["attributes"] ?? .null, state: members["state"] ?? .null)
    }

    /// `state` (rule form) in the fixture file's form: dates as ISO-8601 text.
    func fileForm(_ state: JSONValue) -> JSONValue {
        Self.fileForm(state, type: fixtureType)
    }

    private static func fileForm(_ value: JSONValue, type: SchemaType) -> JSONValue {
        switch (value, type.required) {
        case (.number(let seconds), .date):
            return .string(ISO8601.format(seconds))
        case (.array(let elements), .array(let element)):
            return .array(elements.map { fileForm($0, type: element) })
        case (.object(let members), .object(_, let fields)):
            var written = members
            for field in fields {
                if let member = members[field.name] { written[field.name] = fileForm(member, type: field.type) }
            }
            return .object(written)
        default:
            return value
        }
    }

    /// The fixture file's form as rules receive it, read and checked as a fixture file is; nil
    /// when it does not match the schema.
    package static func fixture(_ value: JSONValue, manifest: PackManifest) -> Fixture? {
        guard let text = try? JSONWriter.compact(value) else { return nil }
        return try? Fixture.read(Data(text.utf8), displayPath: "explored.json", manifest: manifest)
    }

    /// The explanation of `failure`'s placement on `fixture`: the rule lines that placed and
    /// dropped its fields. Empty for a failure without a placement.
    private func explanation(of failure: Failure, on state: JSONValue) -> [ExplanationEntry] {
        guard let placement = failure.placement, let read = Self.state(state),
              let (_, explanation) = try? explaining.get().explain(read)
        else { return [] }
        return explanation.entries.filter { $0.output == "layout." + placement && ($0.kind == .placed || $0.kind == .dropped) }
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
            case .notDrawn: continue  // the Android mapping's own choice: `liverules check` names it
            }
            failures.append(Failure(property: property, placement: finding.placement.rawValue, message: finding.description))
        }
        return failures
    }

    // MARK: Shrinking

    /// The smallest state found from `fixture` that still breaks `failure`. Passes over the
    /// reductions in order: each that keeps the failure is taken, and the pass goes on from
    /// the same position in the new state's reductions (those before it were tried); passes
    /// repeat until one takes nothing, or the budget of presentations is spent.
    func shrink(_ fixture: JSONValue, breaking failure: Failure) -> JSONValue {
        var current = fixture, spent = 0
        var progressed = true
        while progressed, spent < shrinkBudget {
            progressed = false
            var position = 0
            var edits = reductions(of: current)
            while position < edits.count, spent < shrinkBudget {
                spent += 1
                let candidate = Self.setting(current, at: edits[position].path, to: edits[position].value)
                if failures(ofState: candidate).contains(where: { $0.isSame(as: failure) }) {
                    current = candidate
                    progressed = true
                    edits = reductions(of: current)
                } else {
                    position += 1
                }
            }
        }
        return current
    }

    /// A change to a state: the value at `path` replaced by `value` (nil: removed).
    typealias Edit = (path: [JSONPath.Step], value: JSONValue?)

    /// Smaller states than `fixture`, as edits, most reducing first: lists halved, then without
    /// each item; optional members left out; values replaced by the simplest the generator makes
    /// for them (`"A"`, `"UTC"` for a time zone, 0, the first case of an enum); free texts
    /// halved (a time zone or an id only becomes the simplest, so that it stays one, and no
    /// two edits undo each other); times rounded to the minute, then to 5 minutes.
    func reductions(of fixture: JSONValue) -> [Edit] {
        var nodes: [(path: [JSONPath.Step], value: JSONValue, type: SchemaType, optional: Bool)] = []
        Self.collect(fixture, type: fixtureType, path: [], optional: false, into: &nodes)
        var lists: [Edit] = [], members: [Edit] = [], simpler: [Edit] = [], times: [Edit] = []
        for node in nodes {
            switch (node.value, node.type) {
            case (.array(let elements), _) where !elements.isEmpty:
                if elements.count > 1 {
                    let half = elements.count / 2
                    lists.append((node.path, .array(Array(elements[..<half]))))
                    lists.append((node.path, .array(Array(elements[half...]))))
                }
                for index in elements.indices { lists.append((node.path + [.element(index)], nil)) }
            case (.number(let date), .date):
                for unit in [60.0, 300.0] where date.truncatingRemainder(dividingBy: unit) != 0 {
                    times.append((node.path, .number((date / unit).rounded() * unit)))
                }
            default:
                let name: String = if case .member(let key)? = node.path.last { key } else { "" }
                if let simplest = StateGenerator.simplest(of: node.type, named: name), simplest != node.value {
                    simpler.append((node.path, simplest))
                }
                if case .string(let text) = node.value, node.type == .string, text.count > 2, StateGenerator.isFreeText(named: name) {
                    simpler.append((node.path, .string(String(text.prefix(text.count / 2)))))
                }
            }
            if node.optional, node.value != .null { members.append((node.path, nil)) }
        }
        return lists + members + simpler + times
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
