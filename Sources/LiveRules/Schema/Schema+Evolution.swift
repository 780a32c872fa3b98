extension Schema {
    /// How this schema's content state differs from `older`'s in ways that affect activities
    /// already running: fields in the newer declaration order, each type's removed fields after
    /// its present ones. Types are compared by structure: renaming a Swift type changes nothing
    /// on the wire. A change the older decoder still accepts (an `integer` where a `number` was,
    /// a `colour` or an enum where a `string` was) is not reported.
    public func changes(since older: Schema) -> [SchemaChange] {
        changes(since: older, keys: Keys(older: { $1 }, newer: { $1 }))
    }

    /// The changes, fields matched by the content-state key each version's app decodes them
    /// from (the field's name unless a key map says otherwise).
    func changes(since older: Schema, keys: Keys) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        Self.compare(older.state, state, at: Site(path: "", typeName: "", fieldName: ""), keys: keys, into: &changes)
        return changes
    }

    /// The content-state key of a field (`(type, field) -> key`) in the older and newer version.
    struct Keys {
        var older: (String, String) -> String
        var newer: (String, String) -> String
    }

    /// Where a compared value is: its path in the content state and the field that holds it.
    private struct Site {
        var path: String
        var typeName: String
        var fieldName: String

        func change(_ kind: SchemaChange.Kind) -> SchemaChange {
            SchemaChange(kind: kind, field: path, typeName: typeName, fieldName: fieldName)
        }
    }

    /// Compares two values' types, optionality first. Recursion follows the schema's nesting,
    /// which ``InputLimits/typeDepth`` bounds.
    private static func compare(_ old: SchemaType, _ new: SchemaType, at site: Site, keys: Keys, into changes: inout [SchemaChange]) {
        if old.isOptional && !new.isOptional { changes.append(site.change(.madeRequired)) }
        if !old.isOptional && new.isOptional { changes.append(site.change(.madeOptional)) }
        switch (old.required, new.required) {
        case (.object(let oldName, let oldFields), .object(let name, let newFields)):
            compare(oldFields, of: oldName, newFields, of: name, at: site.path, keys: keys, into: &changes)
        case (.array(let oldElement), .array(let newElement)):
            var element = site
            element.path += "[]"
            compare(oldElement, newElement, at: element, keys: keys, into: &changes)
        case (.enumeration(_, let oldValues), .enumeration(_, let newValues)):
            for value in newValues where !oldValues.contains(value) { changes.append(site.change(.valueAdded(value))) }
        case (.number, .integer), (.string, .colour), (.string, .enumeration):
            break
        case (let oldType, let newType) where oldType.spelled != newType.spelled || !oldType.isLeaf || !newType.isLeaf:
            let (from, to) = oldType.spelled == newType.spelled
                ? ("\(oldType.shape) \(oldType.spelled)", "\(newType.shape) \(newType.spelled)") : (oldType.spelled, newType.spelled)
            changes.append(site.change(.typeChanged(from: from, to: to)))
        default:
            break
        }
    }

    /// Compares the fields of an object type (`oldName` in the older schema, `newName` in the
    /// newer) at `path`, matching fields by their content-state keys.
    private static func compare(_ old: [SchemaField], of oldName: String, _ new: [SchemaField], of newName: String,
                                at path: String, keys: Keys, into changes: inout [SchemaChange]) {
        let oldKeyed = old.map { (key: keys.older(oldName, $0.name), field: $0) }
        let newKeyed = new.map { (key: keys.newer(newName, $0.name), field: $0) }
        let oldKeys = Set(oldKeyed.map(\.key)), newKeys = Set(newKeyed.map(\.key))
        let added = newKeyed.filter { !oldKeys.contains($0.key) }
        let removed = oldKeyed.filter { !newKeys.contains($0.key) }
        var renamedFrom: [String: String] = [:]
        func unclaimed(_ type: SchemaType) -> [String] {
            added.filter { $0.field.type == type && renamedFrom[$0.key] == nil }.map(\.key)
        }
        for (key, field) in removed {
            if let target = Suggestion.closest(to: key, among: unclaimed(field.type)) { renamedFrom[target] = key }
        }
        // Then a removed field and an added one that are each the only one of their type left.
        for (key, field) in removed where !renamedFrom.values.contains(key) {
            let candidates = unclaimed(field.type)
            let rivals = removed.filter { $0.field.type == field.type && !renamedFrom.values.contains($0.key) }
            if candidates.count == 1, rivals.count == 1 { renamedFrom[candidates[0]] = key }
        }
        func site(_ key: String, declaredAs name: String) -> Site {
            Site(path: path.isEmpty ? key : "\(path).\(key)", typeName: newName, fieldName: name)
        }
        for (key, field) in newKeyed {
            let here = site(key, declaredAs: field.name)
            if let from = renamedFrom[key] {
                changes.append(here.change(.renamed(from: from)))
            } else if !oldKeys.contains(key) {
                if !field.type.isOptional { changes.append(here.change(.addedRequired)) }
            } else if let before = oldKeyed.first(where: { $0.key == key }) {
                compare(before.field.type, field.type, at: here, keys: keys, into: &changes)
            }
        }
        let renamed = Set(renamedFrom.values)
        for (key, field) in removed where !renamed.contains(key) {
            changes.append(site(key, declaredAs: field.name).change(.removed(wasOptional: field.type.isOptional)))
        }
    }
}

extension SchemaType {
    /// What kind of type it is, for a message that tells two types of one name apart.
    fileprivate var shape: String {
        switch self {
        case .object: "object"
        case .enumeration: "enum"
        default: "type"
        }
    }

    /// Whether the type holds no other types: every case but objects, lists and optionals.
    fileprivate var isLeaf: Bool {
        switch self {
        case .object, .array, .optional: false
        default: true
        }
    }
}
