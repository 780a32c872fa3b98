extension Schema {
    /// How this schema's content state differs from `older`'s in ways that affect activities
    /// already running: fields in the newer declaration order, each type's removed fields after
    /// its present ones. Types are compared by structure: renaming a Swift type changes nothing
    /// on the wire. A change the older decoder still accepts (an `integer` where a `number` was,
    /// a `colour` or an enum where a `string` was) is not reported.
    public func changes(since older: Schema) -> [SchemaChange] {
        var changes: [SchemaChange] = []
        Self.compare(older.state, state, at: Site(path: "", typeName: "", fieldName: ""), into: &changes)
        return changes
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
    private static func compare(_ old: SchemaType, _ new: SchemaType, at site: Site, into changes: inout [SchemaChange]) {
        if old.isOptional && !new.isOptional { changes.append(site.change(.madeRequired)) }
        if !old.isOptional && new.isOptional { changes.append(site.change(.madeOptional)) }
        switch (old.required, new.required) {
        case (.object(_, let oldFields), .object(let name, let newFields)):
            compare(oldFields, newFields, of: name, at: site.path, into: &changes)
        case (.array(let oldElement), .array(let newElement)):
            var element = site
            element.path += "[]"
            compare(oldElement, newElement, at: element, into: &changes)
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

    /// Compares the fields of an object type (named `typeName` in the newer schema) at `path`.
    private static func compare(_ old: [SchemaField], _ new: [SchemaField], of typeName: String, at path: String,
                                into changes: inout [SchemaChange]) {
        let oldNames = Set(old.map(\.name)), newNames = Set(new.map(\.name))
        let added = new.filter { !oldNames.contains($0.name) }
        let removed = old.filter { !newNames.contains($0.name) }
        var renamedFrom: [String: String] = [:]
        func unclaimed(_ type: SchemaType) -> [String] {
            added.filter { $0.type == type && renamedFrom[$0.name] == nil }.map(\.name)
        }
        for field in removed {
            if let target = Suggestion.closest(to: field.name, among: unclaimed(field.type)) { renamedFrom[target] = field.name }
        }
        // Then a removed field and an added one that are each the only one of their type left.
        for field in removed where !renamedFrom.values.contains(field.name) {
            let candidates = unclaimed(field.type)
            let rivals = removed.filter { $0.type == field.type && !renamedFrom.values.contains($0.name) }
            if candidates.count == 1, rivals.count == 1 { renamedFrom[candidates[0]] = field.name }
        }
        func site(_ name: String) -> Site {
            Site(path: path.isEmpty ? name : "\(path).\(name)", typeName: typeName, fieldName: name)
        }
        for field in new {
            if let from = renamedFrom[field.name] {
                changes.append(site(field.name).change(.renamed(from: from)))
            } else if !oldNames.contains(field.name) {
                if !field.type.isOptional { changes.append(site(field.name).change(.addedRequired)) }
            } else if let before = old.first(where: { $0.name == field.name }) {
                compare(before.type, field.type, at: site(field.name), into: &changes)
            }
        }
        let renamed = Set(renamedFrom.values)
        for field in removed where !renamed.contains(field.name) {
            changes.append(site(field.name).change(.removed(wasOptional: field.type.isOptional)))
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
