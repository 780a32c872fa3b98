/// A place in a rule's source: the chunk name without Lua's `@`, a 1-based line and column.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The chunk name, as given when it was loaded (`rules/meetings/badge.lua`).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column in UTF-8 bytes: 1 where Lua reported the line only (Lua keeps no
    /// columns; hosts that read the source may find one).
    public var column: Int

    /// The place `line` (and `column`) of `file`.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line`, as compilers print it.
    public var description: String { "\(file):\(line)" }

    /// Splits a Lua message of the form `file:line: text` into its location and text, when
    /// `isChunk` says `file` names a chunk (a message a rule wrote may hold a clock time:
    /// "next meeting at 10:30: room changed" starts with no position). Messages without a
    /// location (memory errors, host errors) come back unchanged.
    static func split(_ message: String, isChunk: (Substring) -> Bool) -> (SourceLocation?, String) {
        var search = message[...]
        while let colon = search.firstIndex(of: ":") {
            let afterColon = message.index(after: colon)
            let digits = message[afterColon...].prefix { ("0"..."9").contains($0) }
            if !digits.isEmpty, let line = Int(digits),
               message[digits.endIndex...].hasPrefix(": "), isChunk(message[..<colon]) {
                let text = String(message[message.index(digits.endIndex, offsetBy: 2)...])
                return (SourceLocation(file: String(message[..<colon]), line: line), text)
            }
            search = message[afterColon...]
        }
        return (nil, message)
    }
}
