import LiveRules

extension PackTypes {
    /// What each member of `input` is, by name; a member the host adds later is `any` until
    /// it is described here.
    static let inputMembers: [String: (type: @Sendable (String) -> String, optional: Bool, description: String)] = [
        "attributes": ({ "\($0).Attributes" }, false, "the activity's attributes"),
        "state": ({ "\($0).State" }, false, "the content state of this update"),
        "now": ({ _ in "liverules.Date" }, false, "the time of the update, Unix seconds"),
        "previous": ({ "\($0).Phase" }, true, "the phase of the update before; nil on the first"),
        "phase": ({ "\($0).Phase" }, false, "the phase the phase rule chose"),
        "facts": ({ "\($0).Facts" }, false, "the facts the phase rule returned"),
    ]

    /// What each rule returns; a stage not described here returns a `table`.
    static let returns: [RuleStage: @Sendable (String) -> String] = [
        .phase: { "\($0).Phase, \($0).Facts" },
        .badge: { _ in "liverules.Badge" },
        .relevance: { _ in "liverules.Relevance" },
        .layout: { "\($0).Layout" },
        .palette: { _ in "liverules.Palette" },
        .timing: { _ in "liverules.Timing" },
    ]

    /// `types/pack.lua` for `pack`.
    static func packDefinitions(_ pack: RulePack) -> String {
        let manifest = pack.manifest
        let p = identifier(manifest.name)
        let schema = manifest.schema
        var parts = [LuaCATS.header("the \(RulePack.manifestFile) of pack \(manifest.name)")]
        parts.append(LuaCATS.comment("A phase the phase rule may return.") + "\n---@alias \(p).Phase " + LuaCATS.literals(manifest.phases))
        parts.append(LuaCATS.comment("A field id layouts may show.") + "\n---@alias \(p).FieldId " + LuaCATS.literals(manifest.fields))
        parts.append(LuaCATS.comment("The activity's attributes (\(schema.attributes.spelled)).") + "\n---@alias \(p).Attributes \(type(schema.attributes, p))")
        parts.append(LuaCATS.comment("The content state (\(schema.state.spelled)).") + "\n---@alias \(p).State \(type(schema.state, p))")
        for name in schema.types.keys.sorted() {
            switch schema.types[name]! {
            case .object(_, let fields):
                parts.append(LuaCATS.class("\(p).\(name)", "\(name), from the pack's schema.", fields: fields.map {
                    ($0.name, type($0.type.required, p), $0.type.isOptional, "")
                }))
            case .enumeration(_, let values):
                parts.append(LuaCATS.comment("\(name), from the pack's schema.") + "\n---@alias \(p).\(name) " + LuaCATS.literals(values))
            default:
                break
            }
        }
        let facts = pack.manifest.rules[.phase].flatMap { pack.sources[$0] }.flatMap(PhaseFacts.names(in:))
        if let facts {
            parts.append(LuaCATS.class("\(p).Facts", "The facts the phase rule returns, as its source writes them.",
                                       fields: facts.map { ($0, "any", false, "") }))
        } else {
            parts.append(LuaCATS.comment("The facts the phase rule returns (its source does not say which).")
                         + "\n---@class \(p).Facts: { [string]: any }")
        }
        func members(_ names: [String]) -> [(name: String, type: String, optional: Bool, description: String)] {
            names.map { name in
                guard let member = inputMembers[name] else { return (name, "any", false, "") }
                return (name, member.type(p), member.optional, member.description)
            }
        }
        let before = RuleInput.members(withPhase: false)
        parts.append(LuaCATS.class("\(p).PhaseInput", "What the phase rule receives as `input`.", fields: members(before)))
        parts.append(LuaCATS.class("\(p).Input", extending: "\(p).PhaseInput", "What every rule after the phase rule receives as `input`.",
                                   fields: members(RuleInput.members(withPhase: true).filter { !before.contains($0) })))
        parts.append(LuaCATS.class("\(p).LayoutField", "A field a placement shows.", fields: [
            ("id", "\(p).FieldId", false, ""), ("text", "string", false, ""), ("glyph", "liverules.Glyph", true, ""),
        ]))
        parts.append(LuaCATS.class("\(p).PlacementLayout", "What one placement shows.", fields: [
            ("fields", "\(p).LayoutField[]", false, "in display order"),
            ("dropped", "\(p).FieldId[]", false, "the wanted fields that did not fit"),
        ]))
        parts.append(LuaCATS.class("\(p).Layout", "What the layout rule returns: one entry per placement.",
                                   fields: Placement.allCases.map { ($0.rawValue, "\(p).PlacementLayout", false, "") }))
        for stage in RuleStage.allCases {
            let input = stage == .phase ? "\(p).PhaseInput" : "\(p).Input"
            let returned = returns[stage]?(p) ?? "table"
            parts.append(LuaCATS.comment("The \(stage.rawValue) rule: annotate its function with `---@param input \(input)`.")
                         + "\n---@alias \(p).\(stage.rawValue.prefix(1).uppercased() + stage.rawValue.dropFirst())Rule fun(input: \(input)): \(returned)")
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The pack's name as the first part of its type names: letters, digits and `_`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// A schema type in LuaCATS: dates and colours by the host's aliases, named types by the
    /// pack's classes and aliases.
    static func type(_ type: SchemaType, _ p: String) -> String {
        switch type {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .bool: "boolean"
        case .date: "liverules.Date"
        case .colour: "liverules.Colour"
        case .enumeration(let name, _), .object(let name, _): "\(p).\(name)"
        case .array(let element): "\(Self.type(element, p))[]"
        case .optional(let wrapped): "\(Self.type(wrapped, p))?"
        }
    }
}
