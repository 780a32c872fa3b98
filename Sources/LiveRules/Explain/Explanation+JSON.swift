extension Explanation {
    /// The entries `detail` shows as JSON: `{ "entries": [ … ] }`, each entry with the members
    /// of ``ExplanationEntry`` that are set. `JSONDecoder` reads it back as an ``Explanation``.
    public func json(_ detail: ExplanationDetail) -> JSONValue {
        .object(["entries": .array(entries(detail).map(\.json))])
    }
}

extension ExplanationEntry {
    /// The entry as a JSON object: the members that are set, under their `Codable` names.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(kind.rawValue), "output": .string(output), "summary": .string(summary),
        ]
        members["stage"] = stage.map(JSONValue.string)
        members["file"] = file.map(JSONValue.string)
        members["line"] = line.map { .integer(Int64($0)) }
        members["row"] = row.map { .integer(Int64($0)) }
        members["comparisons"] = comparisons.map { list in
            .array(list.map { .object(["name": .string($0.name), "value": .string($0.value),
                                       "condition": .string($0.condition), "matched": .bool($0.matched)]) })
        }
        members["field"] = field.map(JSONValue.string)
        members["width"] = width.map(JSONValue.number)
        members["budget"] = budget.map(JSONValue.number)
        members["capacity"] = capacity.map { .integer(Int64($0)) }
        members["colour"] = colour.map(JSONValue.string)
        members["accent"] = accent.map(JSONValue.string)
        members["contrast"] = contrast.map(JSONValue.number)
        members["required"] = required.map(JSONValue.number)
        return .object(members)
    }
}
