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
