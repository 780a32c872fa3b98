import LiveRules

/// The names a pack's rules write as string literals and table keys, by what they name: field
/// ids, phases, placements, tones, glyphs, slots, facts, schema fields and enum values. A literal that is none of
/// them but almost one is a typo the host's checks report (``RuleLint``).
package struct PackVocabulary: Sendable {
    /// One kind of name, with how a message calls an unknown one.
    package struct Kind: Sendable {
        /// "field id", "phase", …
        package var noun: String
        /// The names of this kind.
        package var names: [String]
    }

    /// The kinds a typo is compared with, most specific first.
    package var kinds: [Kind]
    /// Every name of every kind, plus the other words rules write as literals (output keys,
    /// Lua's type names, modules): a literal among these is never a typo.
    package var known: Set<String>
    /// The facts the phase rule returns, when they can be read from it (``PhaseFacts``).
    package var facts: [String]?
    /// The pack's own modules, as `require` names them (`badges`, `lib.names`).
    package var modules: [String]

    /// Placement ids, in the host's order.
    package static let placements = Placement.allCases.map(\.rawValue)
    /// The four tones.
    package static let tones = Tone.allCases.map(\.rawValue)
    /// The keys of what rules return and of the helpers' arguments.
    static let outputKeys = ["text", "tone", "score", "alert", "fields", "dropped", "id", "glyph", "slot", "shorten",
                             "light", "dark", "standByNight", "background", "foreground", "accent", "fallback",
                             "when", "preferred", "fallbacks", "label", "missing", "live", "timer", "progress", "date",
                             "counts", "prefix", "suffix", "showsHours", "start", "finish"]
    /// What `type` and `math.type` return.
    static let luaTypes = ["nil", "boolean", "number", "string", "table", "function", "userdata", "thread", "integer", "float"]

    /// The vocabulary of `pack`.
    package init(pack: RulePack) {
        let manifest = pack.manifest
        facts = pack.manifest.rules[.phase].flatMap { pack.sources[$0] }.flatMap(PhaseFacts.names(in:))
        modules = pack.sources.keys.sorted().map { String($0.dropLast(4)).replacingOccurrences(of: "/", with: ".") }
        var schemaNames: [String] = [], enumerations: [Kind] = []
        for name in manifest.schema.types.keys.sorted() {
            switch manifest.schema.types[name]! {
            case .object(_, let fields): schemaNames += fields.map(\.name)
            case .enumeration(_, let values): enumerations.append(Kind(noun: "\(name) value", names: values))
            default: break
            }
        }
        let slots = Array(Set(Placement.allCases.flatMap(\.slotNames))).sorted()
        kinds = [
            Kind(noun: "field id", names: manifest.fields),
            Kind(noun: "phase", names: manifest.phases),
            Kind(noun: "placement", names: Self.placements),
            Kind(noun: "tone", names: Self.tones),
            Kind(noun: "glyph", names: Glyph.spellings.filter { !$0.contains("NAME") }),
            Kind(noun: "live timer value", names: LiveForm.Counting.allCases.map(\.rawValue)),
            Kind(noun: "slot", names: slots),
            Kind(noun: "fact", names: facts ?? []),
            Kind(noun: "schema field", names: Array(Set(schemaNames)).sorted()),
        ] + enumerations
        known = Set(kinds.flatMap(\.names) + Self.outputKeys + Self.luaTypes + modules + Array(manifest.schema.types.keys)
                    + RuleInput.members(withPhase: true) + Glyph.spellings + HelperModule.all.keys
                    + HelperModule.all.keys.map { String($0.split(separator: ".").last!) })
    }

    /// The kind and the name `literal` is likely a typo of: close to a name of that kind (see
    /// ``Suggestion``) and starting in the same case, so that display text such as "Done" is
    /// not taken for the phase `done`. Nil for a known word.
    package func typo(_ literal: String) -> (kind: Kind, name: String)? {
        guard !known.contains(literal) else { return nil }
        for kind in kinds {
            guard let name = Suggestion.closest(to: literal, among: kind.names),
                  name.first?.isUppercase == literal.first?.isUppercase else { continue }
            return (kind, name)
        }
        return nil
    }
}
