/// What the rules returned, read from Lua before it is checked against the vocabulary.
struct PresentationOutput: Decodable {
    struct BadgeOutput: Decodable {
        var text: String
        var tone: String
    }

    struct LayoutOutput: Decodable {
        var fields: [LayoutField]
        var dropped: [String]?
    }

    struct PaletteOutput: Decodable {
        var light: Appearance
        var dark: Appearance
        var standByNight: Appearance
    }

    var phase: String
    var badge: BadgeOutput
    var relevance: Relevance
    var layout: [String: LayoutOutput]
    var palette: PaletteOutput
}

/// One way an output breaks the vocabulary: the rule that produced it, where, and what.
struct OutputProblem: Error {
    var stage: RuleStage
    var path: String
    var message: String
}

extension PresentationOutput {
    /// The typed presentation, or the first problem: unknown placements and field ids, missing
    /// placements, tones and colours outside their vocabularies, scores outside 0...100.
    func validated(against manifest: PackManifest) throws(OutputProblem) -> Presentation {
        guard manifest.phases.contains(phase) else {
            throw OutputProblem(stage: .phase, path: "phase",
                                message: "expected one of \(manifest.phases.joined(separator: ", ")), got \"\(phase)\"")
        }
        guard let tone = Tone(rawValue: badge.tone) else {
            throw OutputProblem(stage: .badge, path: "badge.tone", message: "expected one of \(Tone.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(badge.tone)\"")
        }
        guard relevance.score.isFinite, (0...100).contains(relevance.score) else {
            throw OutputProblem(stage: .relevance, path: "relevance.score", message: "expected a number in 0...100, got \(relevance.score)")
        }
        var layouts: [Placement: PlacementLayout] = [:]
        for (id, output) in layout.sorted(by: { $0.key < $1.key }) {
            guard let placement = Placement(rawValue: id) else {
                throw OutputProblem(stage: .layout, path: "layout.\(id)", message: "unknown placement"
                    + (Suggestion.closest(to: id, among: Placement.allCases.map(\.rawValue)).map { " — did you mean \($0)?" }
                        ?? " (placements: \(Placement.allCases.map(\.rawValue).joined(separator: ", ")))"))
            }
            layouts[placement] = try Self.validated(output, at: "layout.\(id)", fields: manifest.fields)
        }
        if let missing = Placement.allCases.first(where: { layouts[$0] == nil }) {
            throw OutputProblem(stage: .layout, path: "layout.\(missing.rawValue)",
                                message: "missing: the layout rule must return a layout for every placement")
        }
        for (name, appearance) in [("light", palette.light), ("dark", palette.dark), ("standByNight", palette.standByNight)] {
            for (key, colour) in [("background", appearance.background), ("foreground", appearance.foreground), ("accent", appearance.accent)]
            where !Colour.isValid(colour) {
                throw OutputProblem(stage: .palette, path: "palette.\(name).\(key)", message: "expected a colour #RRGGBB, got \"\(colour)\"")
            }
        }
        return Presentation(phase: phase, badge: Badge(text: badge.text, tone: tone), relevance: relevance, layout: layouts,
                            palette: Palette(light: palette.light, dark: palette.dark, standByNight: palette.standByNight))
    }

    private static func validated(_ output: LayoutOutput, at path: String, fields: [String]) throws(OutputProblem) -> PlacementLayout {
        func check(_ id: String, at path: String) throws(OutputProblem) {
            guard fields.contains(id) else {
                throw OutputProblem(stage: .layout, path: path, message: "unknown field id '\(id)'"
                    + (Suggestion.closest(to: id, among: fields).map { " — did you mean \($0)?" } ?? " (the manifest declares: \(fields.joined(separator: ", ")))"))
            }
        }
        var seen: Set<String> = []
        for (index, field) in output.fields.enumerated() {
            try check(field.id, at: "\(path).fields[\(index + 1)].id")
            guard seen.insert(field.id).inserted else {
                throw OutputProblem(stage: .layout, path: "\(path).fields[\(index + 1)].id", message: "field '\(field.id)' is shown twice")
            }
        }
        let dropped = output.dropped ?? []
        for (index, id) in dropped.enumerated() {
            try check(id, at: "\(path).dropped[\(index + 1)]")
            guard seen.insert(id).inserted else {
                throw OutputProblem(stage: .layout, path: "\(path).dropped[\(index + 1)]", message: "field '\(id)' is both shown and dropped, or dropped twice")
            }
        }
        return PlacementLayout(fields: output.fields, dropped: dropped)
    }
}
