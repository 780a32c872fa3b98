/// One Lua function that was running when an error was raised, read from the error's traceback:
/// for hosts that attribute an error raised inside their own Lua code to the rule that called it.
public struct LuaStackFrame: Sendable, Hashable {
    /// Where the function was: its chunk name and current line.
    public var location: SourceLocation
    /// The name the traceback gives the function (`fixed` for `palette.fixed`), if any.
    public var name: String?
    /// The line the function is defined on, when the traceback names it that way.
    public var definedAt: Int?
    /// Whether the function was called in tail position: the frame that called it is gone.
    public var tailCalled: Bool

    /// The Lua frames of `traceback` (Lua's `stack traceback:` text), innermost first; C
    /// functions are left out.
    public static func frames(of traceback: String) -> [LuaStackFrame] {
        var frames: [LuaStackFrame] = []
        for raw in traceback.split(separator: "\n") {
            let line = raw.drop { $0 == "\t" || $0 == " " }
            if line.hasPrefix("(...tail calls...)") {
                if !frames.isEmpty { frames[frames.count - 1].tailCalled = true }
                continue
            }
            // A traceback's lines are Lua's own: what comes before ": in " is always a position.
            guard let separator = line.range(of: ": in "),
                  let location = SourceLocation.split(String(line[..<separator.lowerBound]) + ": ", isChunk: { _ in true }).0
            else { continue }
            let what = line[separator.upperBound...]
            var frame = LuaStackFrame(location: location, name: nil, definedAt: nil, tailCalled: false)
            if let open = what.firstIndex(of: "'"), let close = what[what.index(after: open)...].firstIndex(of: "'") {
                frame.name = what[what.index(after: open)..<close].split(separator: ".").last.map(String.init)
            } else if let open = what.firstIndex(of: "<"), let close = what.lastIndex(of: ">"), open < close {
                frame.definedAt = SourceLocation.split(String(what[what.index(after: open)..<close]) + ": ", isChunk: { _ in true }).0?.line
            }
            frames.append(frame)
        }
        return frames
    }
}
