import CLiveRules
import Foundation
import Lua

/// A pack set up in one sandboxed Lua state, ready to present.
///
/// Setting up runs each rule file once (each returns its rule function), readies the schema
/// checker and seals the globals. `present` then checks the inputs against the pack's schema,
/// runs the rules under the state's budgets and checks their output against the presentation
/// vocabulary. A presenter is used by one thread at a time; it is not `Sendable`.
public final class Presenter {
    /// The pack this presenter was set up with.
    public let pack: RulePack
    /// Whether rules see their inputs through read-only views that reject fields the schema does
    /// not have. Tests and the CLI always present strictly.
    public let strict: Bool
    /// Where the helpers' explanations go, when the presenter explains (see ``explain(_:)``).
    let recorder: ExplanationRecorder?
    let lua: LuaState
    /// The driver's present function (driver.lua).
    let present: LuaRef
    /// `support.soonest`: the soonest moment the last presentation's rules noted (time.reached).
    let soonest: LuaRef
    /// The field ids the manifest declares.
    private let fields: Set<String>
    /// Reads good outputs in one pass; nil for a pack with more ids than it tells apart.
    private let reader: OutputReader?
    /// The attributes and the state last presented, kept in the state (see ``KeptInput``).
    private var keptAttributes = KeptInput()
    private var keptState = KeptInput()
    /// What the C check (the fast path) said of the last input it refused, before the Swift
    /// checker named every mismatch: for the tests that hold the two checkers to one wording.
    private(set) var lastFastRefusal: SchemaMismatch?
    /// The pack's sources, read only to explain an error.
    private lazy var sources = RuleSources(pack)

    /// Sets the pack up in a new state. Errors in rule files that only show when they run (a
    /// rule that errors at load, or does not return a function) are reported here. What rules
    /// `print` goes to `log`. With `explains`, the helpers record why each output came out as
    /// it did, which ``explain(_:)`` returns; without it (the default) they record nothing and
    /// cost nothing for it.
    public convenience init(
        pack: RulePack, limits: LuaLimits = LuaLimits(), strict: Bool = true, explains: Bool = false,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(PresentationError) {
        try self.init(pack: pack, limits: limits, strict: strict, recordsCoverage: false, explains: explains, log: log)
    }

    /// Sets the pack up as the public initializer does; `recordsCoverage` records lines from the
    /// start, so lines that run when the rule files load count too; `explains` readies
    /// ``explain(_:)``.
    package init(
        pack: RulePack, limits: LuaLimits = LuaLimits(), strict: Bool = true, recordsCoverage: Bool,
        explains: Bool = false, log: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(PresentationError) {
        self.pack = pack
        self.strict = strict
        recorder = explains ? ExplanationRecorder(pack: pack) : nil
        fields = Set(pack.manifest.fields)
        do {
            lua = try LuaState(limits: limits, sandbox: HostResources.sandbox(for: pack, log: log))
            lua.recordsCoverage = recordsCoverage
            HostFunctions.install(in: lua, explaining: recorder)
        } catch {
            throw .setup([Diagnostic(file: pack.displayPath + "/" + RulePack.manifestFile, message: error.message)])
        }
        let (state, explainer) = (lua, recorder)
        (present, soonest) = try state.withSharedBudget { () throws(PresentationError) in
            try Self.setUp(pack, in: state, strict: strict, recorder: explainer)
        }
        do {
            reader = try OutputReader(pack: pack, in: lua)
        } catch {
            throw .setup([Diagnostic(luaError: error, file: HostResources.driverChunk)])
        }
    }

    /// Defines the global `note(...)` (see ``explain(_:)``), runs the rule files and loads the
    /// driver; returns the driver's present function and `support.soonest`. With a recorder, the driver calls each rule
    /// through ``explaining(_:in:recorder:)``. Runs under one budget (``LuaState/withSharedBudget(_:)``):
    /// once it is spent, the rule files after the one that spent it are not run.
    private static func setUp(_ pack: RulePack, in lua: LuaState, strict: Bool, recorder: ExplanationRecorder?)
        throws(PresentationError) -> (present: LuaRef, soonest: LuaRef) {
        var rules: [String: LuaRef] = [:]
        var problems: [Diagnostic] = []
        let sources = RuleSources(pack)
        let typeOf: LuaRef, soonest: LuaRef
        let present: LuaRef
        do {
            typeOf = try lua.run("note = require('liverules.explain').note\nreturn type", chunkName: "liverules/setup.lua",
                                 returning: LuaRef.self)
            soonest = try lua.run("return require('liverules.support').soonest", chunkName: "liverules/setup.lua",
                                  returning: LuaRef.self)
            try lua.guardGlobals()
        } catch {
            throw .setup([Diagnostic(luaError: error, file: "liverules/setup.lua")])
        }
        for stage in RuleStage.allCases {
            guard let source = pack.rules[stage] else { continue }
            do {
                let rule = try lua.run(source.text, chunkName: source.chunkName, pure: true, returning: LuaRef.self)
                let type = try lua.call(typeOf, rule, returning: String.self)
                if let problem = Self.notOwnFunction(rule, of: type, in: lua, pack: pack) {
                    let end = sources.topLevelReturn(in: source.chunkName)
                    problems.append(Diagnostic(file: source.chunkName, line: end.line, column: end.column, message:
                        "the \(stage.rawValue) rule must return a function (end the file with `return function(input) … end`), got "
                        + problem))
                    continue
                }
                rules[stage.rawValue] = rule
            } catch {
                problems.append(Diagnostic(luaError: error.restoringChunkName(in: pack).explained(by: sources), file: source.chunkName))
                if case .budget = error { break }  // the setup's budget is spent: the files after cannot run
                if case .memory = error { break }
            }
        }
        // A mistake in a module several rules require fails each of them the same way: once.
        var seen: Set<Diagnostic> = []
        problems = problems.filter { seen.insert($0).inserted }
        guard problems.isEmpty else { throw .setup(problems) }
        do {
            if let recorder { rules = try explaining(rules, in: lua, recorder: recorder) }
            let prepare = lua.reference(function: lrl_schema_prepare)
            let schema = pack.manifest.schema
            var descriptors: [String: LuaRef] = [:]
            for (name, descriptor) in [
                ("attributes", SchemaDescriptor(schema.attributes)), ("state", SchemaDescriptor(schema.state)),
                ("input", SchemaDescriptor.ruleInput(withPhase: false)), ("context", SchemaDescriptor.ruleInput(withPhase: true)),
            ] {
                descriptors[name] = try lua.call(prepare, descriptor, returning: LuaRef.self)
            }
            let phases = Dictionary(uniqueKeysWithValues: pack.manifest.phases.map { ($0, true) })
            let driver = try lua.load(HostResources.driverSource, chunkName: HostResources.driverChunk)
            present = try lua.call(driver, lua.reference(function: lrl_schema_check), rules, descriptors, phases, strict,
                                   lua.reference(function: lrl_rules_begin), returning: LuaRef.self)
        } catch {
            throw .setup([Diagnostic(luaError: error, file: HostResources.driverChunk)])
        }
        do {
            // Freezing what the rule files built fails at the data's holder: the function that
            // keeps it, or the line that first assigned the global.
            try lua.sealGlobals(freezing: RuleStage.allCases.compactMap { rules[$0.rawValue] })
        } catch {
            throw .setup([Diagnostic(luaError: error.restoringChunkName(in: pack), file: pack.displayPath + "/" + RulePack.manifestFile)])
        }
        return (present, soonest)
    }

    /// What a rule file returned instead of a Lua function written in the pack (its type, a
    /// library function, or a helper of the host's and where it is defined); nil for one of the
    /// pack's own. A host helper returned as the rule would fail inside the host's files, which
    /// the pack's author never wrote.
    private static func notOwnFunction(_ rule: LuaRef, of type: String, in lua: LuaState, pack: RulePack) -> String? {
        guard type == "function" else { return type }
        guard !lua.isCFunction(rule), let defined = lua.definition(of: rule) else { return "a library function" }
        let names = pack.chunkNames()
        let file = defined.file.hasPrefix("...") ? names.first { $0.hasSuffix(defined.file.dropFirst(3)) } : defined.file
        guard let file, names.contains(file) else { return "a function of the host's helpers, defined at \(defined), not in the pack" }
        return nil
    }

    /// Presents the app's own typed attributes and content state at `now`. `previousPhase` is
    /// the phase of the update before (nil for the first), so rules can alert on a phase change.
    ///
    /// A strict presenter keeps `Equatable` inputs (of value types) that come twice in a row
    /// encoded and checked in its state: attributes, which never change during an activity, and
    /// a state presented to many activities cost their encoding and schema check once.
    public func present<Attributes: Encodable, State: Encodable>(
        attributes: Attributes, state: State, now: Date, previousPhase: String? = nil
    ) throws(PresentationError) -> Presentation {
        try evaluate(attributes, state, now.timeIntervalSince1970, previousPhase)
    }

    /// Presents a fixture (already checked against the schema when it was read).
    public func present(_ fixture: Fixture) throws(PresentationError) -> Presentation {
        try evaluate(fixture.attributes, fixture.state, fixture.now, fixture.previousPhase)
    }

    /// Presents a fixture and runs the output checks on the presentation (see ``OutputFinding``).
    package func presentChecking(_ fixture: Fixture) throws(PresentationError) -> (Presentation, [OutputFinding]) {
        let presentation = try present(fixture)
        return (presentation, OutputFinding.findings(in: presentation, now: fixture.now))
    }

    /// Bytes the state holds now (rules, helpers and what the last presentation left).
    public var memoryInUse: Int { lua.memoryInUse }

    /// Whether presentations count their Lua instructions exactly (slow; for measuring).
    package var metersInstructions: Bool {
        get { lua.metersInstructions }
        set { lua.metersInstructions = newValue }
    }

    /// Lua instructions the last presentation ran (input checks, driver and rules), while
    /// metering; nil otherwise.
    package var instructionsOfLastPresentation: Int? { lua.instructionsOfLastCall }

    /// What the last presentation's rules charged to the budgets: Lua instructions since the
    /// rules began (while metering; nil otherwise) and units of C work. The same for the same
    /// inputs whatever the presenter presented before.
    package var chargesOfLastPresentation: (instructions: Int?, steps: Int) {
        (lua.instructionsChargedByLastCall, lua.stepsOfLastCall)
    }

    /// List elements of the inputs the last presentation took, checked, from the presentation
    /// before instead of encoding and checking them again (see ``KeptInput``).
    package var elementsReusedByLastPresentation: Int { keptAttributes.reusedElements + keptState.reusedElements }

    /// The most bytes the state held during the last presentation.
    public var peakMemoryOfLastPresentation: Int { lua.peakMemoryOfLastCall }

    /// Whether presentations record which lines of Lua ran (see ``coverage()``).
    package var recordsCoverage: Bool {
        get { lua.recordsCoverage }
        set { lua.recordsCoverage = newValue }
    }

    /// The lines run while recording, per chunk name, with how often each ran.
    package func coverage() -> [String: [Int: Int]] {
        lua.coverage()
    }

    /// Presents the inputs.
    func evaluate(
        _ attributes: some Encodable, _ state: some Encodable, _ now: Double, _ previous: String?
    ) throws(PresentationError) -> Presentation {
        recorder?.reset()
        let outcome: DriverOutcome
        do {
            let attributes = try keptAttributes.argument(for: attributes, in: lua, keeping: strict)
            let state = try keptState.argument(for: state, in: lua, keeping: strict)
            outcome = try lua.call(present, attributes.0, state.0, now, previous, attributes.keep, state.keep) { result throws(LuaError) in
                try DriverOutcome(reading: result, manifest: pack.manifest, fast: reader, now: now)
            }
        } catch {
            forgetInputs()
            throw classify(error)
        }
        switch outcome {
        case .checked(let presentation):
            return presentation
        case .rejected(let path, let problem):
            forgetInputs()
            let refusal = SchemaMismatch(path: path, message: problem)
            lastFastRefusal = refusal
            throw .input(mismatches: mismatches(of: attributes, state, refused: refusal))
        case .presented(let output):
            do throws(OutputProblem) {
                return try output.get().validated(fields: fields, timed: pack.rules[.timing] != nil, now: now)
            } catch {
                let (place, message) = sources.place(of: error)
                    ?? (SourceLocation(file: file(of: error.stage), line: 1), error.message)
                throw .output(file: place.file, line: place.line, column: place.column, path: error.path, message: message)
            }
        }
    }

    /// Every mismatch of the inputs with the pack's schema, once the C check (the fast path,
    /// which stops at the first) has refused them with `refusal`: the inputs are encoded as they
    /// were handed to rules and checked by the Swift checker (the reference path), which names
    /// each mistake once, with "did you mean" and the renaming hints. When the reference path
    /// finds nothing (an input it cannot encode, or a refusal of what is not the app's input),
    /// the refusal is all there is to say.
    private func mismatches(of attributes: some Encodable, _ state: some Encodable, refused refusal: SchemaMismatch)
        -> [SchemaMismatch] {
        let schema = pack.manifest.schema
        var mismatches: [SchemaMismatch] = []
        if let json = try? TypedInputEncoder.json(of: attributes) {
            _ = schema.attributes.lower(json, at: "attributes", dates: .unixSeconds, into: &mismatches)
        }
        if let json = try? TypedInputEncoder.json(of: state) {
            _ = schema.state.lower(json, at: "state", dates: .unixSeconds, into: &mismatches)
        }
        return mismatches.isEmpty ? [refusal] : mismatches
    }

    /// After a failed presentation the inputs are pushed and checked afresh: a table the check
    /// refused may have been partly turned into views.
    private func forgetInputs() {
        keptAttributes.forget()
        keptState.forget()
    }

    /// Encoding errors are inputs that cannot be given to rules; the rest are rule failures (the
    /// driver's result is read by ``PresentationOutput``, which names the rule at fault itself).
    private func classify(_ error: LuaError) -> PresentationError {
        switch error {
        case .encoding(let path, let message):
            return .input(SchemaMismatch(path: path, message: message))
        default:
            return .rule(error.restoringChunkName(in: pack).explained(by: sources))
        }
    }

    private func file(of stage: RuleStage) -> String {
        pack.rules[stage]?.chunkName ?? pack.displayPath
    }
}

extension SchemaDescriptor {
    /// The table each rule receives: `input.attributes`, `.state`, `.now`, `.previous`, and for
    /// every rule after the phase rule `.phase` and `.facts`.
    static func ruleInput(withPhase: Bool) -> SchemaDescriptor {
        var fields: [String: SchemaDescriptor] = [
            "attributes": SchemaDescriptor(kind: LRL_KIND_ANY, name: "attributes"),
            "state": SchemaDescriptor(kind: LRL_KIND_ANY, name: "state"),
            "now": SchemaDescriptor(kind: LRL_KIND_NUMBER, name: "number"),
            "previous": SchemaDescriptor(kind: LRL_KIND_STRING, optional: true, name: "string"),
        ]
        if withPhase {
            fields["phase"] = SchemaDescriptor(kind: LRL_KIND_STRING, name: "string")
            fields["facts"] = SchemaDescriptor(kind: LRL_KIND_VIEW, optional: true, name: "facts")
        }
        let order = RuleInput.members(withPhase: withPhase)
        return SchemaDescriptor(kind: LRL_KIND_OBJECT, name: withPhase ? "the rule input" : "the phase rule's input",
                                child: .fields(fields), order: order)
    }
}

// MARK: - Globals

extension Presenter {
    /// Whether the pack's rules see a global `name` (an identifier) once the pack is set up: the
    /// sandbox's libraries, and what the host adds to them.
    package func definesGlobal(_ name: String) -> Bool {
        guard JSONPath.isIdentifier(name) else { return false }
        return (try? lua.run("return \(name) ~= nil", chunkName: "liverules/globals.lua", returning: Bool.self)) == true
    }
}

// MARK: - RuleInput

/// The table every rule receives as `input`.
package enum RuleInput {
    /// Its members, in order: `attributes`, `state`, `now`, `previous`, and for every rule
    /// after the phase rule `phase` and `facts`.
    package static func members(withPhase: Bool) -> [String] {
        ["attributes", "state", "now", "previous"] + (withPhase ? ["phase", "facts"] : [])
    }
}

// MARK: - DriverOutcome

/// What the driver returned: what the rules returned, or why an input never reached them.
enum DriverOutcome {
    /// The rules' output, read; `OutputProblem` when it does not fit the presentation vocabulary.
    case presented(Result<PresentationOutput, OutputProblem>)
    /// The rules' output, read and checked in one pass by an ``OutputReader``.
    case checked(Presentation)
    /// An input did not match the schema: where (0-based indices, as in the input) and what.
    case rejected(path: String, problem: String)

    /// Reads the driver's result: `{ path = …, problem = … }` (the host's own words), or the
    /// rules' output for `manifest`'s pack.
    /// A `fast` reader reads a good output in one pass, checked at `now` (Unix seconds); what it
    /// cannot read is read field by field.
    init(reading result: LuaTableReader, manifest: PackManifest, fast: OutputReader? = nil, now: Double) throws(LuaError) {
        if let presentation = fast?.presentation(of: result, now: now) {
            self = .checked(presentation)
        } else if result.has("problem") {
            self = .rejected(path: try result.string("path"), problem: try result.string("problem"))
        } else {
            do throws(OutputProblem) {
                self = .presented(.success(try PresentationOutput(reading: result, phases: manifest.phases, fieldIds: manifest.fields.count)))
            } catch {
                self = .presented(.failure(error))
            }
        }
    }
}
