import LiveRules

extension RuleLint {
    /// The prefix of the host functions the helper library is built on.
    static let hostPrefix = "liverules_host_"

    /// Checks the name at `index`: the host's plumbing, facts and helper members read through it.
    mutating func checkName(at index: Int) {
        let name = tokens[index]
        if name.text.hasPrefix(Self.hostPrefix), isVariable(index) {
            report(name, "\(name.text) is the host's plumbing for the helper library: rules use the helpers "
                   + "(require \"\(HostResources.modulePrefix).…\") instead")
            return
        }
        guard let (alias, last) = held(at: index) else { return }
        switch alias {
        case .facts:
            guard !isPhaseRule, let facts = vocabulary.facts, let (fact, at) = member(after: last) else { return }
            guard !facts.contains(fact.value) else { return }
            let returned = facts.isEmpty ? "returns no facts" : "returns \(facts.joined(separator: ", "))"
            report(fact, "input.facts.\(fact.value): no such fact (the phase rule \(returned))"
                   + Suggestion.hint(for: fact.value, among: facts))
            judged.insert(at)
        case .helper(let module):
            guard last == index, let (member, _) = member(after: last), member.kind == .name,
                  let known = HelperModule.all[module]?.memberNames, !known.contains(member.text) else { return }
            report(member, "\(module) has no member '\(member.text)'" + Suggestion.hint(for: member.text, among: known))
        case .phase, .now:
            break
        }
    }

    /// Warns when the comparison at `index` (`<`, `<=`, `>`, `>=`) has `now` in an operand:
    /// the answer changes at a moment the host cannot see.
    mutating func checkNowComparison(at index: Int) {
        let operands = operand(from: index - 1, step: -1) + operand(from: index + 1, step: 1)
        guard operands.contains(where: { held(at: $0)?.alias == .now }) else { return }
        let operation = tokens[index].text
        report(tokens[index], "now compared with '\(operation)': the host cannot tell when this answer changes, so the push "
               + "it calls for comes late (nextUpdate, timeline); write time.reached(now, moment) (now >= moment) or "
               + "time.passed(now, moment) (now > moment)", severity: .warning)
    }

    /// The indices of the operand beside a comparison, from `index` going by `step` (-1 left, 1
    /// right): up to a keyword, a comma, an assignment or another comparison outside brackets.
    private func operand(from index: Int, step: Int) -> [Int] {
        let opening = step > 0 ? ["(", "[", "{"] : [")", "]", "}"], closing = step > 0 ? [")", "]", "}"] : ["(", "[", "{"]
        let ends: Set<String> = [",", "=", "==", "~=", "<", "<=", ">", ">=", ";"]
        var indices: [Int] = [], position = index, depth = 0
        while let current = token(position) {
            if current.kind == .symbol, opening.contains(current.text) {
                depth += 1
            } else if current.kind == .symbol, closing.contains(current.text) {
                depth -= 1
                if depth < 0 { break }
            } else if depth == 0, current.kind == .keyword || (current.kind == .symbol && ends.contains(current.text)) {
                break
            }
            indices.append(position)
            position += step
        }
        return indices
    }

    /// The key read right after the token at `index`: `.name` or `["name"]`, with its index.
    private func member(after index: Int) -> (LuaToken, Int)? {
        if token(index + 1)?.is(".") == true, let name = token(index + 2), name.kind == .name { return (name, index + 2) }
        if token(index + 1)?.is("[") == true, let key = token(index + 2), key.kind == .string,
           token(index + 3)?.is("]") == true { return (key, index + 2) }
        return nil
    }

    /// Checks the string literal at `index`, by where it stands.
    mutating func checkString(at index: Int) {
        let literal = tokens[index]
        guard !judged.contains(index) else { return }
        if isRequired(index) {
            checkRequire(literal)
        } else if literal.value.hasPrefix("#") {
            checkColour(literal)
        } else if let key = valueKey(of: index), key == "tone" || key == "glyph" {
            checkOutputValue(literal, key: key)
        } else if let key = valueKey(of: index), key == "slot" || Placement(rawValue: key) != nil {
            checkSlot(literal, placement: Placement(rawValue: key))
        } else if isComparedWithPhase(index) {
            checkPhase(literal)
        } else if literal.value.firstMatch(of: /^[A-Za-z_][A-Za-z0-9_]*$/) != nil,
                  let (kind, name) = vocabulary.typo(literal.value) {
            report(literal, "unknown \(kind.noun) '\(literal.value)' — did you mean \(name)?")
        }
    }

    /// Whether the literal at `index` is what `require` is called with.
    private func isRequired(_ index: Int) -> Bool {
        if token(index - 1)?.is("require") == true { return true }
        return token(index - 1)?.is("(") == true && token(index - 2)?.is("require") == true
    }

    private mutating func checkRequire(_ literal: LuaToken) {
        let name = literal.value
        let helpers = HelperModule.all.keys.sorted()
        if HelperModule.internalNames.contains(name) {
            report(literal, "require '\(name)': the module is the helper library's own, not meant for rules (their modules are "
                   + helpers.joined(separator: ", ") + ")", severity: .warning)
        } else if name.hasPrefix(HostResources.modulePrefix + ".") {
            guard HelperModule.all[name] == nil else { return }
            report(literal, "require '\(name)': the helper library has no such module" + Suggestion.hint(for: name, among: helpers))
        } else if !vocabulary.modules.contains(name) {
            let file = name.replacingOccurrences(of: ".", with: "/") + ".lua"
            report(literal, "require '\(name)': the pack has no \(file)" + Suggestion.hint(for: name, among: vocabulary.modules + helpers))
        }
    }

    private mutating func checkColour(_ literal: LuaToken) {
        let text = literal.value
        guard text.firstMatch(of: /^#[0-9A-Za-z]{3,8}$/) != nil, !text.dropFirst().allSatisfy(\.isNumber),
              !Colour.isValid(text) else { return }
        report(literal, "'\(text)' is not a colour: colours are written #RRGGBB, six hex digits")
    }

    /// The key of the table constructor item whose value is the literal at `index` alone
    /// (`tone = "green",`).
    private func valueKey(of index: Int) -> String? {
        guard token(index - 1)?.is("=") == true, let key = token(index - 2), key.kind == .name,
              let before = token(index - 3), before.is("{") || before.is(",") || before.is(";"),
              let after = token(index + 1), after.is(",") || after.is(";") || after.is("}") else { return nil }
        return key.text
    }

    private mutating func checkOutputValue(_ literal: LuaToken, key: String) {
        if key == "tone", !PackVocabulary.tones.contains(literal.value) {
            report(literal, "unknown tone '\(literal.value)': a tone is \(PackVocabulary.tones.joined(separator: ", "))"
                   + Suggestion.hint(for: literal.value, among: PackVocabulary.tones))
        } else if key == "glyph", Glyph(spelling: literal.value) == nil {
            report(literal, "unknown glyph '\(literal.value)': glyphs are \(Glyph.spellings.joined(separator: ", "))"
                   + Suggestion.hint(for: literal.value, among: Glyph.spellings))
        }
    }

    /// Checks a slot name given for `placement` (`{ androidOngoing = "text" }`), or for any
    /// placement (`slot = "body"`): a name that is a slot of another placement, or almost one of
    /// this placement's, is a mistake. Other text is left alone (a table by placement may hold
    /// display text).
    private mutating func checkSlot(_ literal: LuaToken, placement: Placement?) {
        let name = literal.value
        guard name.firstMatch(of: /^[a-z][A-Za-z0-9_]*$/) != nil else { return }
        let everySlot = Set(Placement.allCases.flatMap(\.slotNames))
        let slots = placement?.slotNames ?? everySlot.sorted()
        guard !slots.contains(name) else { return }
        let hint = Suggestion.hint(for: name, among: slots)
        guard everySlot.contains(name) || !hint.isEmpty else { return }
        let owner = placement.map { "placement \($0.rawValue) has no slot '\(name)' (its slots: \(slots.joined(separator: ", ")))" }
        report(literal, (owner ?? "unknown slot '\(name)'") + hint)
    }

    /// Whether the literal at `index` is compared (`==`, `~=`) with `input.phase` or a local
    /// holding it.
    private func isComparedWithPhase(_ index: Int) -> Bool {
        if let operation = token(index - 1), operation.is("==") || operation.is("~="), let last = token(index - 2) {
            if last.is("phase"), token(index - 3)?.is(".") == true, token(index - 4)?.is("input") == true,
               isVariable(index - 4) { return true }
            if last.kind == .name, isVariable(index - 2), alias(of: last.text, at: index - 2) == .phase { return true }
        }
        if let operation = token(index + 1), operation.is("==") || operation.is("~="),
           let (alias, _) = held(at: index + 2), alias == .phase { return true }
        return false
    }

    private mutating func checkPhase(_ literal: LuaToken) {
        let phases = vocabulary.kinds.first { $0.noun == "phase" }?.names ?? []
        guard !phases.contains(literal.value) else { return }
        report(literal, "unknown phase '\(literal.value)': the pack's phases are \(phases.joined(separator: ", "))"
               + Suggestion.hint(for: literal.value, among: phases))
    }

    /// Checks the keys of the table constructor at `index`: a key that is almost a placement,
    /// phase or field id, in a table with keys that are one (or that differs from one only in
    /// case), is a typo.
    mutating func checkKeys(at index: Int) {
        let keys = blocks.constructorKeys(at: index).filter { $0.kind == .name }
        let keyed = vocabulary.kinds.filter { ["placement", "phase", "field id"].contains($0.noun) }
        for key in keys where !vocabulary.known.contains(key.text) {
            for kind in keyed {
                guard let name = Suggestion.closest(to: key.text, among: kind.names) else { continue }
                let beside = keys.contains { kind.names.contains($0.text) }
                guard beside || name.lowercased() == key.text.lowercased() else { continue }
                report(key, "unknown \(kind.noun) '\(key.text)' — did you mean \(name)?")
                break
            }
        }
    }

    /// Checks the phases the phase rule's function returns as literals.
    mutating func checkReturnedPhases() {
        guard let rule = blocks.returnedFunction else { return }
        for returned in blocks.returns(ofFunctionAt: rule) {
            guard let phase = blocks.returnedExpressions(at: returned, limit: blocks.closer(of: rule) ?? tokens.count).first,
                  phase.count == 1, tokens[phase.lowerBound].kind == .string else { continue }
            checkPhase(tokens[phase.lowerBound])
            judged.insert(phase.lowerBound)
        }
    }
}
