extension Presentation {
    /// The presentation as JSON, in the shape goldens use; `placement` keeps one placement's
    /// layout only.
    public func json(placement: Placement? = nil) -> JSONValue {
        var layouts: [String: JSONValue] = [:]
        for (id, layout) in layout where placement == nil || id == placement {
            layouts[id.rawValue] = .object([
                "fields": .array(layout.fields.map { .object(["id": .string($0.id), "text": .string($0.text)]) }),
                "dropped": .array(layout.dropped.map(JSONValue.string)),
            ])
        }
        func appearance(_ a: Appearance) -> JSONValue {
            .object([
                "background": .string(a.background), "foreground": .string(a.foreground), "accent": .string(a.accent),
                "fallback": a.fallback.map(JSONValue.string) ?? .null,
            ])
        }
        return .object([
            "phase": .string(phase),
            "badge": .object(["text": .string(badge.text), "tone": .string(badge.tone.rawValue)]),
            "relevance": .object(["score": .number(relevance.score), "alert": .bool(relevance.alert)]),
            "layout": .object(layouts),
            "palette": .object([
                "light": appearance(palette.light), "dark": appearance(palette.dark),
                "standByNight": appearance(palette.standByNight),
            ]),
        ])
    }

    /// Canonical JSON: sorted keys, 2-space indent, integers without `.0`, one trailing newline.
    /// The same presentation always gives the same bytes. Throws only for a non-finite score,
    /// which presentations from a ``Presenter`` never have.
    public func canonicalJSON(placement: Placement? = nil) throws -> String {
        try JSONWriter.canonical(json(placement: placement))
    }
}
