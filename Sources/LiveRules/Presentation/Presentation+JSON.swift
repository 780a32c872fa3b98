extension Presentation {
    /// The placements in the order of their raw values' UTF-8 bytes: the order of the `layout`
    /// object's keys in canonical JSON.
    private static let placementsInKeyOrder = Placement.allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }

    /// The presentation as JSON, in the shape goldens use and `Codable` encodes; `placement`
    /// keeps one placement's layout only. `timing` is there only when the pack has a timing rule.
    public func json(placement: Placement? = nil) -> JSONValue {
        var tree = JSONTree()
        write(to: &tree, placement: placement)
        return tree.value
    }

    /// Encodes ``json(placement:)`` (every placement): the shape goldens have.
    public func encode(to encoder: any Encoder) throws {
        try json().encode(to: encoder)
    }

    /// Canonical JSON: sorted keys, 2-space indent, integers without `.0`, one trailing newline.
    /// The same presentation always gives the same bytes. Throws only for a non-finite score,
    /// which presentations from a ``Presenter`` never have. Written straight to text, without
    /// building ``json(placement:)``.
    public func canonicalJSON(placement: Placement? = nil) throws -> String {
        String(decoding: try canonicalUTF8(placement: placement), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``canonicalJSON(placement:)``.
    package func canonicalUTF8(placement: Placement? = nil) throws -> [UInt8] {
        var text = JSONText(indented: true, capacity: 4096)
        write(to: &text, placement: placement)
        // Throws the error naming where the number is.
        if text.wroteNonFinite { _ = try JSONWriter.canonical(json(placement: placement)) }
        return text.finishedBytes()
    }

    /// Writes the JSON form of ``json(placement:)``.
    private func write(to output: inout some JSONOutput, placement: Placement?) {
        output.beginObject()
        output.member("badge", badge)
        output.key("layout")
        output.beginObject()
        for id in Self.placementsInKeyOrder where placement == nil || id == placement {
            guard let layout = layout[id] else { continue }
            output.key(text: id.rawValue)
            layout.write(to: &output)
        }
        output.endObject()
        output.member("palette", palette)
        output.member("phase", .string(phase))
        output.member("relevance", relevance)
        if let timing { output.member("timing", timing) }
        output.endObject()
    }
}
