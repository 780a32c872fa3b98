extension SchemaMismatch {
    /// `mismatches` with those that say the same thing at paths differing only in list indexes
    /// merged into one, in order of the first: five meetings with the same misspelt field are one
    /// `state.meetings[0, 1, 2, 3, 4].titel: …`. Each comes with the path of its first mismatch
    /// (where the merged one is located).
    static func collapsed(_ mismatches: [SchemaMismatch]) -> [(mismatch: SchemaMismatch, at: String)] {
        var groups: [[SchemaMismatch]] = []
        var byShape: [SchemaMismatch: Int] = [:]
        for mismatch in mismatches {
            let shape = SchemaMismatch(path: indexSlots(of: mismatch.path).text.joined(separator: "[]"), message: mismatch.message)
            if let index = byShape[shape] { groups[index].append(mismatch) } else {
                byShape[shape] = groups.count
                groups.append([mismatch])
            }
        }
        return groups.map { group in
            guard group.count > 1 else { return (group[0], group[0].path) }
            let slots = group.map { indexSlots(of: $0.path) }
            var path = slots[0].text[0]
            for slot in slots[0].indexes.indices {
                var seen: [String] = []
                for indexes in slots.map(\.indexes) where !seen.contains(indexes[slot]) { seen.append(indexes[slot]) }
                path += "[" + seen.joined(separator: ", ") + "]" + slots[0].text[slot + 1]
            }
            return (SchemaMismatch(path: path, message: group[0].message), group[0].path)
        }
    }

    /// `path` split at its list indexes: the text around them (one more than the indexes) and
    /// the indexes (`a[1].b[2]` → `["a", ".b", ""]`, `["1", "2"]`). Indexes inside quoted
    /// member names are text.
    private static func indexSlots(of path: String) -> (text: [String], indexes: [String]) {
        var text = [""], indexes: [String] = []
        var inString = false, escaped = false
        var characters = path[...]
        while let character = characters.first {
            if !inString, character == "[", let close = characters.firstIndex(of: "]"),
               characters[characters.index(after: characters.startIndex)..<close].allSatisfy(\.isNumber) {
                indexes.append(String(characters[characters.index(after: characters.startIndex)..<close]))
                text.append("")
                characters = characters[characters.index(after: close)...]
                continue
            }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            }
            text[text.count - 1].append(character)
            characters = characters.dropFirst()
        }
        return (text, indexes)
    }
}
