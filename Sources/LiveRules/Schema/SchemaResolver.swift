/// Turns the named type definitions of a manifest into ``SchemaType`` trees.
///
/// Works in passes over the definitions, without recursion: read each one, check the names it
/// uses, then resolve them in dependency order found by a depth-first walk on an explicit
/// stack, which also finds cycles. Every resolved type is at most ``InputLimits/typeDepth``
/// deep and ``InputLimits/expandedFields`` fields large, so walks over it stay bounded.
struct SchemaResolver {
    /// One named type as the manifest writes it.
    private enum Definition {
        case enumeration([String])
        case object([Field])
    }

    private struct Field {
        var name: String
        var path: String
        var expression: TypeExpression
    }

    /// What the walk has found about a named type.
    private enum Status {
        case visiting
        case failed
        /// The type, how deep it nests and how many fields it has written out.
        case resolved(SchemaType, depth: Int, size: Int)
    }

    static let builtins: [String: SchemaType] = [
        "string": .string, "integer": .integer, "number": .number, "bool": .bool, "date": .date, "colour": .colour,
    ]

    /// The path of the `types` member: where definitions are.
    private let path: String
    private var definitions: [String: Definition] = [:]
    private var statuses: [String: Status] = [:]

    /// Reads and resolves `types` (the `types` member at `path`), reporting problems to `reader`.
    init(types: [String: JSONValue], at path: String, in reader: inout DocumentReader) {
        self.path = path
        let names = types.keys.sorted()
        for name in names where !reader.isFull {
            let at = JSONPath.member(name, in: path)
            if let definition = Self.definition(name, types[name]!, at: at, in: &reader) {
                definitions[name] = definition
            } else {
                statuses[name] = .failed
            }
        }
        for name in names where !reader.isFull {
            if case .object(let fields)? = definitions[name] {
                checkNames(of: name, fields, in: &reader)
            }
        }
        for name in names where statuses[name] == nil && !reader.isFull {
            resolve(from: name, in: &reader)
        }
    }

    /// Every type that resolved, by name.
    var resolved: [String: SchemaType] {
        statuses.compactMapValues { status in
            if case .resolved(let type, _, _) = status { type } else { nil }
        }
    }

    /// The type `name` names: a built-in or a resolved named type; an unknown name is reported
    /// at `path`, a name that failed to resolve was reported already.
    func named(_ name: String, usedAt path: String, in reader: inout DocumentReader) -> SchemaType? {
        if let builtin = Self.builtins[name] { return builtin }
        if case .resolved(let type, _, _)? = statuses[name] { return type }
        if statuses[name] == nil { reportUnknown(name, at: path, in: &reader) }
        return nil
    }

    /// Reads one definition: an object `{ "field": "type" }` or an enum `["a", "b"]`.
    private static func definition(_ name: String, _ value: JSONValue, at path: String,
                                   in reader: inout DocumentReader) -> Definition? {
        guard Self.builtins[name] == nil, JSONPath.isIdentifier(name), name.utf8.count <= InputLimits.nameBytes else {
            reader.error("'\(name)' cannot name a type (use letters, digits and '_', at most \(InputLimits.nameBytes) bytes; not a built-in type)", at: path)
            return nil
        }
        switch value {
        case .array(let items):
            guard items.count <= InputLimits.fieldsPerType else {
                reader.error("enum '\(name)' has \(items.count) values; at most \(InputLimits.fieldsPerType) are allowed", at: path)
                return nil
            }
            var seen: Set<String> = []
            for (index, item) in items.enumerated() {
                guard case .string(let value) = item, !value.isEmpty, seen.insert(value).inserted else {
                    reader.error("enum '\(name)': values must be distinct non-empty strings", at: JSONPath.element(index, in: path))
                    return nil
                }
            }
            guard !items.isEmpty else {
                reader.error("enum '\(name)' has no values", at: path)
                return nil
            }
            return .enumeration(items.compactMap { if case .string(let value) = $0 { value } else { nil } })
        case .object(let members):
            guard members.count <= InputLimits.fieldsPerType else {
                reader.error("type '\(name)' has \(members.count) fields; at most \(InputLimits.fieldsPerType) are allowed", at: path)
                return nil
            }
            // Fields in the order the manifest declares them.
            var declared = members.keys.map { key in (key: key, path: JSONPath.member(key, in: path)) }
            if declared.count > 1 {
                let positions = declared.map { reader.position(of: $0.path) }
                declared = zip(declared, positions).sorted { ($0.1.line, $0.1.column) < ($1.1.line, $1.1.column) }.map(\.0)
            }
            var fields: [Field] = []
            for field in declared {
                guard JSONPath.isIdentifier(field.key), !field.key.hasPrefix("__"), field.key.utf8.count <= InputLimits.nameBytes else {
                    reader.error("'\(field.key)' cannot name a field (use letters, digits and '_', at most \(InputLimits.nameBytes) bytes; not starting with '__')", at: field.path)
                    continue
                }
                guard case .string(let text)? = members[field.key] else {
                    reader.error("field '\(field.key)' must be a type written as a string, e.g. \"string\" or \"[Meeting]\"", at: field.path)
                    continue
                }
                guard let expression = TypeExpression.parse(text, at: field.path, in: &reader) else { continue }
                fields.append(Field(name: field.key, path: field.path, expression: expression))
            }
            return fields.count == members.count ? .object(fields) : nil
        default:
            reader.error("type '\(name)' must be an object of fields or a list of enum values", at: path)
            return nil
        }
    }

    /// Reports every name the fields of `name` use that the schema does not define; the type
    /// then fails.
    private mutating func checkNames(of name: String, _ fields: [Field], in reader: inout DocumentReader) {
        for field in fields where Self.builtins[field.expression.name] == nil && definitions[field.expression.name] == nil
            && statuses[field.expression.name] == nil {
            reportUnknown(field.expression.name, at: field.path, in: &reader)
            statuses[name] = .failed
        }
    }

    private func reportUnknown(_ name: String, at path: String, in reader: inout DocumentReader) {
        reader.error("unknown type '\(name)'" + Suggestion.hint(for: name, among: (Array(Self.builtins.keys) + Array(definitions.keys)).sorted()), at: path)
    }

    /// Resolves `root` and every type it uses, dependencies first, walking the uses on an
    /// explicit stack. A use that leads back to a type still being resolved is a cycle, reported
    /// where the cycle closes; a type that uses a failed type fails without a report of its own.
    private mutating func resolve(from root: String, in reader: inout DocumentReader) {
        var stack: [(name: String, next: Int)] = [(root, 0)]
        statuses[root] = .visiting
        while let (name, next) = stack.last {
            guard case .object(let fields)? = definitions[name], next < fields.count else {
                stack.removeLast()
                finish(name, in: &reader)
                continue
            }
            stack[stack.count - 1].next += 1
            let used = fields[next].expression.name
            guard Self.builtins[used] == nil else { continue }
            switch statuses[used] {
            case nil:
                statuses[used] = .visiting
                stack.append((used, 0))
            case .visiting?:
                reader.error("type '\(used)' contains itself; schema types must not be recursive", at: fields[next].path)
                statuses[used] = .failed
            case .failed?, .resolved?:
                break
            }
        }
    }

    /// Builds the type `name` once every type it uses is done, checking its depth and size.
    private mutating func finish(_ name: String, in reader: inout DocumentReader) {
        guard case .visiting? = statuses[name], let definition = definitions[name] else { return }
        switch definition {
        case .enumeration(let values):
            statuses[name] = .resolved(.enumeration(name: name, values: values), depth: 0, size: 0)
        case .object(let fields):
            var schemaFields: [SchemaField] = []
            var depth = 1, size = 0
            for field in fields {
                var named: (type: SchemaType, depth: Int, size: Int)
                if let builtin = Self.builtins[field.expression.name] {
                    named = (builtin, 0, 0)
                } else if case .resolved(let type, let usedDepth, let usedSize)? = statuses[field.expression.name] {
                    named = (type, usedDepth, usedSize)
                } else {
                    statuses[name] = .failed
                    return
                }
                schemaFields.append(SchemaField(name: field.name, type: field.expression.type(naming: named.type)))
                depth = max(depth, 1 + field.expression.lists + named.depth)
                size += 1 + named.size
            }
            let path = JSONPath.member(name, in: path)
            guard depth <= InputLimits.typeDepth else {
                reader.error("type '\(name)' nests objects and lists \(depth) levels deep; at most \(InputLimits.typeDepth) are allowed", at: path)
                statuses[name] = .failed
                return
            }
            guard size <= InputLimits.expandedFields else {
                reader.error("type '\(name)' has \(size) fields with the types it uses written out; at most \(InputLimits.expandedFields) are allowed", at: path)
                statuses[name] = .failed
                return
            }
            statuses[name] = .resolved(.object(name: name, fields: schemaFields), depth: depth, size: size)
        }
    }
}
