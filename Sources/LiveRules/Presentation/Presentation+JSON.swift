extension Presentation {
    /// The presentation as JSON, in the shape goldens use and `Codable` encodes; `placement`
    /// keeps one placement's layout only. `timing` is there only when the pack has a timing rule.
    public func json(placement: Placement? = nil) -> JSONValue {
        var layouts: [String: JSONValue] = [:]
        for (id, layout) in layout where placement == nil || id == placement {
            layouts[id.rawValue] = layout.json
        }
        var members: [String: JSONValue] = [
            "phase": .string(phase), "badge": badge.json, "relevance": relevance.json,
            "layout": .object(layouts), "palette": palette.json,
        ]
        if let timing { members["timing"] = timing.json }
        return .object(members)
    }

    /// Encodes ``json(placement:)`` (every placement): the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json().encode(to: encoder)
    }

    /// Canonical JSON: sorted keys, 2-space indent, integers without `.0`, one trailing newline.
    /// The same presentation always gives the same bytes. Throws only for a non-finite score,
    /// which presentations from a ``Presenter`` never have.
    public func canonicalJSON(placement: Placement? = nil) throws -> String {
        try JSONWriter.canonical(json(placement: placement))
    }
}
