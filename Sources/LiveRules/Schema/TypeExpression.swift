/// A field's type as the schema writes it, `Name`, `[Name]` or `[[Name]]?`, before its name is
/// resolved.
struct TypeExpression {
    /// The type name inside the brackets.
    var name: String
    /// How many lists wrap the named type.
    var lists: Int
    var isOptional: Bool

    /// Parses `text`, reporting a problem at `path`. Reads at most ``InputLimits/typeDepth``
    /// brackets, so its cost does not grow with a hostile nesting.
    static func parse(_ text: String, at path: String, in reader: inout DocumentReader) -> TypeExpression? {
        var rest = Substring(text)
        let isOptional = rest.hasSuffix("?")
        if isOptional {
            rest = rest.dropLast()
            guard !rest.hasSuffix("?") else {
                reader.error("'\(text)': one '?' makes a type optional", at: path)
                return nil
            }
        }
        var lists = 0
        while rest.hasPrefix("[") && rest.hasSuffix("]") && rest.utf8.count >= 2 {
            guard lists < InputLimits.typeDepth else {
                reader.error("lists nested deeper than \(InputLimits.typeDepth) levels", at: path)
                return nil
            }
            let list = rest
            rest = rest.dropFirst().dropLast()
            guard !rest.hasSuffix("?") else {
                reader.error("'\(list)': list elements cannot be optional (leave absent ones out)", at: path)
                return nil
            }
            lists += 1
        }
        let name = String(rest)
        guard JSONPath.isIdentifier(name) else {
            reader.error("'\(name)' is not a type: write a type name, [T] for a list or T? for an optional", at: path)
            return nil
        }
        guard name.utf8.count <= InputLimits.nameBytes else {
            reader.error("type name longer than \(InputLimits.nameBytes) bytes", at: path)
            return nil
        }
        return TypeExpression(name: name, lists: lists, isOptional: isOptional)
    }

    /// The type the expression spells when its name means `named`.
    func type(naming named: SchemaType) -> SchemaType {
        var type = named
        for _ in 0..<lists { type = .array(type) }
        return isOptional ? .optional(type) : type
    }
}
