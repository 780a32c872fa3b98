/// Where each value of a JSON document starts, looked up by its ``JSONPath``.
///
/// Stored as a tree of value ids (each value's position, and an edge from its container by key
/// or index), not as path strings: memory and building time are linear in the number of values,
/// whatever the depth and the length of keys. A lookup costs time linear in the path's length.
package struct JSONPositions: Sendable, Hashable {
    private struct Edge: Hashable, Sendable {
        var parent: Int
        var step: JSONPath.Step
    }

    /// The start of each value, by id; the top-level value is id 0.
    private var starts: [SourcePosition] = []
    private var children: [Edge: Int] = [:]

    /// How many values the document has.
    var count: Int { starts.count }

    /// Records where a value starts: the top-level value when `parent` is nil, else the `step`
    /// of the container whose id is `parent`. Returns the value's id.
    mutating func add(_ position: SourcePosition, parent: Int?, step: JSONPath.Step) -> Int {
        let id = starts.count
        starts.append(position)
        if let parent { children[Edge(parent: parent, step: step)] = id }
        return id
    }

    /// Where the value at `path` starts; nil when the document has no such value or `path` is
    /// not a path ``JSONPath`` writes.
    package subscript(path: String) -> SourcePosition? {
        guard !starts.isEmpty, let steps = Self.steps(of: path) else { return nil }
        var id = 0
        for step in steps {
            guard let child = children[Edge(parent: id, step: step)] else { return nil }
            id = child
        }
        return starts[id]
    }

    /// The steps from the top-level value to `path`'s: `a.b[2]["odd key"]` is member a, member b,
    /// element 2, member "odd key".
    private static func steps(of path: String) -> [JSONPath.Step]? {
        let bytes = Array(path.utf8)
        var steps: [JSONPath.Step] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "[") {
                index += 1
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "\"") {
                    guard let (key, end) = quotedKey(bytes, from: index) else { return nil }
                    steps.append(.member(key))
                    index = end
                } else {
                    let start = index
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                    guard index > start, let element = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
                    steps.append(.element(element))
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
                continue
            }
            if !steps.isEmpty {
                guard bytes[index] == UInt8(ascii: ".") else { return nil }
                index += 1
            }
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "."), bytes[index] != UInt8(ascii: "[") { index += 1 }
            let key = String(decoding: bytes[start..<index], as: UTF8.self)
            guard JSONPath.isIdentifier(key) else { return nil }
            steps.append(.member(key))
        }
        return steps
    }

    /// The key of a bracketed JSON string starting at the quote at `start`, and the index just
    /// past its closing quote.
    private static func quotedKey(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < bytes.count, case .string(let key)? = try? JSONParser.parse(Array(bytes[start...index])).value else {
            return nil
        }
        return (key, index + 1)
    }
}

// MARK: - JSONDocument

/// A parsed JSON text: its value and where each value in it starts.
struct JSONDocument: Sendable, Hashable {
    /// The top-level value.
    let value: JSONValue
    /// Start position of every value in the document, by its `JSONPath` (the root is `""`).
    let positions: JSONPositions
}

// MARK: - SourcePosition

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
