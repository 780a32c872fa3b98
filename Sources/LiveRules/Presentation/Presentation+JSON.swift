extension Presentation {
    /// The presentation as JSON, in the shape goldens use: what its `Codable` conformance
    /// encodes. `placement` keeps one placement's layout only.
    public func json(placement: Placement? = nil) -> JSONValue {
        var shown = self
        if let placement { shown.layout = layout.filter { $0.key == placement } }
        do {
            return try JSONValueEncoder.encode(shown)
        } catch {
            preconditionFailure("encoding a presentation into a JSONValue cannot fail: \(error)")
        }
    }

    /// Canonical JSON: sorted keys, 2-space indent, integers without `.0`, one trailing newline.
    /// The same presentation always gives the same bytes. Throws only for a non-finite score,
    /// which presentations from a ``Presenter`` never have.
    public func canonicalJSON(placement: Placement? = nil) throws -> String {
        try JSONWriter.canonical(json(placement: placement))
    }
}
