/// A location in a source text: 1-based line and 1-based column.
///
/// Lines are separated by LF (`\n`); columns count UTF-8 bytes from the start of the line.
public struct SourcePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
