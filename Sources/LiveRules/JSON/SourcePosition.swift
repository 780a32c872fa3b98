/// A location in a source text: 1-based line and 1-based column.
///
/// Lines are separated by LF (`\n`); columns count UTF-8 bytes from the start of the line.
public struct SourcePosition: Sendable, Hashable {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int

    /// The position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
