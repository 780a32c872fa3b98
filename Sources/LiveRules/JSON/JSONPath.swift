/// Paths naming a value inside a JSON document.
///
/// The root is `""`. An object member whose key matches `[A-Za-z_][A-Za-z0-9_]*` is appended as
/// `.key` (without the dot at the root: `a`, `a.b`); any other key is appended as a bracketed JSON
/// string (`a["odd key"]`). An array element is appended as `[index]`, 0-based (`a[0]`, `[2]`).
/// Distinct values of one document always have distinct paths.
enum JSONPath {
    /// The path of the top-level value.
    static let root = ""

    /// The path of the member `key` of the object at `parent`.
    static func member(_ key: String, in parent: String) -> String {
        if isIdentifier(key) {
            return parent.isEmpty ? key : parent + "." + key
        }
        return parent + "[" + JSONWriter.quoted(key) + "]"
    }

    /// The path of element `index` of the array at `parent`.
    static func element(_ index: Int, in parent: String) -> String {
        parent + "[\(index)]"
    }

    /// One step from a value into a value it contains.
    enum Step: Hashable, Sendable {
        case member(String)
        case element(Int)
    }

    /// The path `steps` lead to from the value at `parent`.
    static func following(_ steps: some Sequence<Step>, from parent: String) -> String {
        steps.reduce(parent) { path, step in
            switch step {
            case .member(let key): member(key, in: path)
            case .element(let index): element(index, in: path)
            }
        }
    }

    /// Whether `key` matches `[A-Za-z_][A-Za-z0-9_]*` and so is written without quotes.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, isLetterOrUnderscore(first) else { return false }
        return key.utf8.allSatisfy { isLetterOrUnderscore($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func isLetterOrUnderscore(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}

// MARK: - Parent

extension JSONPath {
    /// The path of the value that contains the value at `path` (`a.b[2]` → `a.b`, `a` → ``).
    static func parent(of path: String) -> String {
        var depth = 0, inString = false, escaped = false, cut = path.startIndex
        for index in path.indices {
            let character = path[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "[": if depth == 0 { cut = index }; depth += 1
            case "]": depth -= 1
            case ".": if depth == 0 { cut = index }
            default: break
            }
        }
        return String(path[..<cut])
    }
}
