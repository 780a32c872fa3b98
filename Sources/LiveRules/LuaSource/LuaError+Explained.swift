import Lua

extension LuaError {
    /// The error as a pack's author should read it, worked out from `sources` once it happened:
    /// raised in a host file (a helper, the driver), it is moved to the line of the pack that
    /// called into the host (or, for a value the pack wrote, to that value); the column is the
    /// one the message is about; and common raw Lua messages say what is wrong and how to fix
    /// it (a syntax error in a module `require` compiled is explained as one in a rule file).
    /// Budget and memory errors keep their message (the Lua layer already moved one spent
    /// inside a helper to the rule that called it) and get the column their line starts at;
    /// decoding and encoding errors are left as they are.
    func explained(by sources: RuleSources) -> LuaError {
        switch self {
        case .syntax(let message, let location?):
            let (text, column) = sources.explainSyntax(message, at: location)
            return .syntax(message: text, location: SourceLocation(file: location.file, line: location.line, column: column))
        case .runtime(let message, let location?, let traceback):
            var place = location
            var called: String?
            if RuleSources.isHost(location.file),
               let (moved, name) = sources.callerInPack(of: LuaStackFrame.frames(of: traceback), message: message) {
                place = moved
                called = name
            }
            if place.column == 1, called == nil, RuleSources.isSyntax(message) {
                let (text, column) = sources.explainSyntax(message, at: place)
                return .runtime(message: text, location: SourceLocation(file: place.file, line: place.line, column: column), traceback: traceback)
            }
            if place.column == 1 {
                let (text, explained) = sources.explainRuntime(message, at: place, called: called)
                return .runtime(message: text, location: explained, traceback: traceback)
            }
            return .runtime(message: message, location: place, traceback: traceback)
        case .budget(let budget, let location?):
            return .budget(budget, location: sources.atLineStart(location))
        case .memory(let limit, let location?):
            return .memory(limit: limit, location: sources.atLineStart(location))
        default:
            return self
        }
    }
}

extension RuleSources {
    /// `location` at the first token of its line (where a loop that ran out of a budget starts).
    func atLineStart(_ location: SourceLocation) -> SourceLocation {
        SourceLocation(file: location.file, line: location.line, column: tokens(of: location.file, line: location.line).first?.column ?? 1)
    }

    /// The place in the pack that led to an error raised in a host file, from the stack: the
    /// innermost pack frame, at the call of the outermost host function it called (whose name
    /// comes back too). When that call was a tail call (`return palette.fixed(…)`), the pack's
    /// frame is gone: the rule the driver was calling is found from the driver's line, and the
    /// call of that host function in it. A value quoted in the message (`got "#34C75"`) written
    /// as a literal in the pack is the place instead: that is where the mistake was typed.
    func callerInPack(of frames: [LuaStackFrame], message: String) -> (SourceLocation, String?)? {
        var called: String?
        var lostCaller = false
        for frame in frames {
            let file = frame.location.file
            if Self.isHost(file) {
                if file == HostResources.driverChunk {
                    guard lostCaller, let stage = stageCalled(atDriverLine: frame.location.line), let chunk = rules[stage] else { return nil }
                    if let literal = quotedLiteral(in: message, preferring: chunk) { return (literal, called) }
                    if let called, let call = call(of: called, in: chunk) { return (call, called) }
                    return returnedFunction(in: chunk).map { (SourceLocation(file: chunk, line: $0.start.line, column: $0.start.column), called) }
                }
                called = frame.name ?? frame.definedAt.flatMap { definedName(in: file, at: $0) } ?? called
                lostCaller = frame.tailCalled
                continue
            }
            guard pack[file] != nil else { return nil }
            if let literal = quotedLiteral(in: message, preferring: file) { return (literal, called) }
            return (frame.location, called)
        }
        return nil
    }

    /// The stage whose rule the driver calls on `line` (`paletteRule(input)` is the palette's).
    private func stageCalled(atDriverLine line: Int) -> RuleStage? {
        let tokens = tokens(of: HostResources.driverChunk, line: line)
        return RuleStage.allCases.first { stage in tokens.contains { $0.text == stage.rawValue + "Rule" } }
    }

    /// The name a host function is defined under on `line` of `chunk`: `function M.fixed(` gives `fixed`.
    private func definedName(in chunk: String, at line: Int) -> String? {
        let tokens = tokens(of: chunk, line: line)
        guard let function = tokens.firstIndex(where: { $0.is("function") }) else { return nil }
        return tokens[(function + 1)...].prefix { $0.kind == .name || $0.is(".") || $0.is(":") }.last { $0.kind == .name }?.text
    }

    /// The first call of a function named `name` in `chunk` (`palette.fixed(`, `fixed {`), at
    /// the start of the call's expression.
    private func call(of name: String, in chunk: String) -> SourceLocation? {
        let tokens = tokens(of: chunk)
        for index in tokens.indices.dropLast() where tokens[index].kind == .name && tokens[index].text == name {
            let next = tokens[index + 1]
            guard next.is("(") || next.is("{") || next.kind == .string else { continue }
            let start = index >= 2 && (tokens[index - 1].is(".") || tokens[index - 1].is(":")) && tokens[index - 2].kind == .name
                ? tokens[index - 2] : tokens[index]
            return SourceLocation(file: chunk, line: start.line, column: start.column)
        }
        return nil
    }

    /// Where a string the message quotes after `got ` (`got "#34C75"`) is written as a literal
    /// in the pack: in `preferred` first, then in the other files in name order.
    func quotedLiteral(in message: String, preferring preferred: String) -> SourceLocation? {
        guard let got = message.range(of: "got \"", options: .backwards),
              let close = message[got.upperBound...].firstIndex(of: "\"") else { return nil }
        return literal(String(message[got.upperBound..<close]), key: nil, preferring: preferred)
    }

    /// Where the string `value` is written as a literal in the pack, as `key = "value"` when
    /// `key` is given and such a place exists, else anywhere; `preferred` is searched first.
    func literal(_ value: String, key: String?, preferring preferred: String) -> SourceLocation? {
        let files = [preferred] + pack.keys.sorted().filter { $0 != preferred }
        var anywhere: SourceLocation?
        for file in files where pack[file] != nil {
            let tokens = tokens(of: file)
            for (index, token) in tokens.enumerated() where token.kind == .string && token.text == value {
                let place = SourceLocation(file: file, line: token.line, column: token.column)
                if let key, index >= 2, tokens[index - 1].is("="), tokens[index - 2].text == key {
                    return SourceLocation(file: file, line: tokens[index - 2].line, column: tokens[index - 2].column)
                }
                if anywhere == nil { anywhere = place }
            }
        }
        return anywhere
    }
}
