extension Schema {
    /// Reads the `schema` member of a manifest:
    /// `{ "attributes": "Name", "state": "Name", "types": { "Name": { "field": "type" } | ["enum", "values"] } }`.
    /// Problems go to `reader`; returns nil when there were any.
    static func read(_ value: JSONValue?, at path: String, in reader: inout DocumentReader) -> Schema? {
        let before = reader.diagnostics.count
        guard case .object(let members)? = value else {
            reader.error("'schema' must be an object with 'attributes', 'state' and 'types'", at: path)
            return nil
        }
        for key in members.keys where !["attributes", "state", "types"].contains(key) {
            reader.error("unknown member '\(key)' in the schema" + Suggestion.hint(for: key, among: ["attributes", "state", "types"]),
                         at: JSONPath.member(key, in: path))
        }
        var definitions: [String: SchemaResolver.Definition] = [:]
        if case .object(let types)? = members["types"] {
            for (name, value) in types {
                definitions[name] = .init(value: value, path: JSONPath.member(name, in: JSONPath.member("types", in: path)))
            }
        } else {
            reader.error("'types' must be an object naming each type of the schema", at: JSONPath.member("types", in: path))
        }
        var resolver = SchemaResolver(definitions: definitions)
        for name in definitions.keys.sorted() { _ = resolver.named(name, usedAt: definitions[name]!.path, in: &reader) }
        func root(_ key: String) -> SchemaType? {
            let at = JSONPath.member(key, in: path)
            guard case .string(let name)? = members[key] else {
                reader.error("'\(key)' must name the \(key) type", at: at)
                return nil
            }
            guard let type = resolver.named(name, usedAt: at, in: &reader) else { return nil }
            guard case .object = type else {
                reader.error("the \(key) type must be an object type, not \(type.spelled)", at: at)
                return nil
            }
            return type
        }
        let attributes = root("attributes")
        let state = root("state")
        guard reader.diagnostics.count == before, let attributes, let state else { return nil }
        return Schema(attributes: attributes, state: state, types: resolver.resolved)
    }
}

/// Turns the named type definitions of a manifest into ``SchemaType`` trees.
struct SchemaResolver {
    struct Definition {
        var value: JSONValue
        var path: String
    }

    /// Each definition in the manifest, by name.
    let definitions: [String: Definition]
    private(set) var resolved: [String: SchemaType] = [:]
    private var resolving: Set<String> = []
    private var failed: Set<String> = []

    init(definitions: [String: Definition]) {
        self.definitions = definitions
    }

    static let builtins: [String: SchemaType] = [
        "string": .string, "integer": .integer, "number": .number, "bool": .bool, "date": .date, "colour": .colour,
    ]

    /// The type a name refers to; reports unknown names and cycles at `path`.
    mutating func named(_ name: String, usedAt path: String, in reader: inout DocumentReader) -> SchemaType? {
        if let builtin = Self.builtins[name] { return builtin }
        if let type = resolved[name] { return type }
        if failed.contains(name) { return nil }
        guard let definition = definitions[name] else {
            let known = Array(Self.builtins.keys) + Array(definitions.keys)
            reader.error("unknown type '\(name)'" + Suggestion.hint(for: name, among: known.sorted()), at: path)
            return nil
        }
        guard !resolving.contains(name) else {
            reader.error("type '\(name)' contains itself; schema types must not be recursive", at: path)
            failed.insert(name)
            return nil
        }
        resolving.insert(name)
        defer { resolving.remove(name) }
        guard let type = define(name, definition, in: &reader) else {
            failed.insert(name)
            return nil
        }
        resolved[name] = type
        return type
    }

    /// The type a type expression spells: `name`, `[T]`, `T?`.
    mutating func expression(_ text: String, at path: String, in reader: inout DocumentReader) -> SchemaType? {
        if text.hasSuffix("?") {
            let inner = String(text.dropLast())
            guard !inner.hasSuffix("?") else {
                reader.error("'\(text)': one '?' makes a type optional", at: path)
                return nil
            }
            return expression(inner, at: path, in: &reader).map(SchemaType.optional)
        }
        if text.hasPrefix("[") && text.hasSuffix("]") && text.count >= 2 {
            let inner = String(text.dropFirst().dropLast())
            guard !inner.hasSuffix("?") else {
                reader.error("'\(text)': list elements cannot be optional (leave absent ones out)", at: path)
                return nil
            }
            return expression(inner, at: path, in: &reader).map(SchemaType.array)
        }
        guard JSONPath.isIdentifier(text) else {
            reader.error("'\(text)' is not a type: write a type name, [T] for a list or T? for an optional", at: path)
            return nil
        }
        return named(text, usedAt: path, in: &reader)
    }

    /// The type a definition describes: an object `{ "field": "type" }` or an enum `["a", "b"]`.
    private mutating func define(_ name: String, _ definition: Definition, in reader: inout DocumentReader) -> SchemaType? {
        let path = definition.path
        if Self.builtins[name] != nil || !JSONPath.isIdentifier(name) {
            reader.error("'\(name)' cannot name a type (use letters, digits and '_'; not a built-in type)", at: path)
            return nil
        }
        switch definition.value {
        case .array(let items):
            var values: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let value) = item, !value.isEmpty, !values.contains(value) else {
                    reader.error("enum '\(name)': values must be distinct non-empty strings", at: JSONPath.element(index, in: path))
                    return nil
                }
                values.append(value)
            }
            guard !values.isEmpty else {
                reader.error("enum '\(name)' has no values", at: path)
                return nil
            }
            return .enumeration(name: name, values: values)
        case .object(let members):
            var fields: [SchemaField] = []
            var ok = true
            let ordered = members.keys.sorted { lhs, rhs in
                let a = reader.position(of: JSONPath.member(lhs, in: path)), b = reader.position(of: JSONPath.member(rhs, in: path))
                return (a.line, a.column) < (b.line, b.column)
            }
            for field in ordered {
                let at = JSONPath.member(field, in: path)
                guard JSONPath.isIdentifier(field), !field.hasPrefix("__") else {
                    reader.error("'\(field)' cannot name a field (use letters, digits and '_'; not starting with '__')", at: at)
                    ok = false
                    continue
                }
                guard case .string(let text)? = members[field] else {
                    reader.error("field '\(field)' must be a type written as a string, e.g. \"string\" or \"[Meeting]\"", at: at)
                    ok = false
                    continue
                }
                guard let type = expression(text, at: at, in: &reader) else {
                    ok = false
                    continue
                }
                fields.append(SchemaField(name: field, type: type))
            }
            return ok ? .object(name: name, fields: fields) : nil
        default:
            reader.error("type '\(name)' must be an object of fields or a list of enum values", at: path)
            return nil
        }
    }
}
