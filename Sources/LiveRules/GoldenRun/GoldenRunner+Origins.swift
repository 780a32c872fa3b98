import Foundation

extension GoldenRunner {
    /// Where each field that changed in a case was produced, by field path: the rule line an
    /// explanation of the fixture gives for it (``Explanation/origin(of:)``: the decision row,
    /// or the rule line that placed the layout or chose the colour), or else the first line of
    /// the rule function of the path's stage (`phase`, `relevance`), as `file:line (stage rule)`.
    /// Presents the fixture again with an explaining presenter from `explainers` (made once per
    /// pack, only when a case has changed); empty when that fails.
    static func origins(
        of testCase: GoldenCase, pack: RulePack, expected: String, actual: String, explainers: inout [URL: Presenter]
    ) -> [String: String] {
        guard let old = try? JSONParser.parse(expected).value, let new = try? JSONParser.parse(actual).value else { return [:] }
        let paths = FieldChange.between(old, new).map(\.path)
        guard !paths.isEmpty else { return [:] }
        let explained: Explanation
        let explainer: Presenter
        do {
            if explainers[testCase.packDirectory] == nil {
                explainers[testCase.packDirectory] = try Presenter(pack: pack, recordsCoverage: false, explains: true)
            }
            explainer = explainers[testCase.packDirectory]!
            let fixture = try Fixture.load(testCase.fixtureFile, in: testCase.folder, manifest: pack.manifest)
            explained = try explainer.explain(fixture).explanation
        } catch {
            return [:]
        }
        var origins: [String: String] = [:]
        for path in paths {
            let stageName = String(path.prefix { $0 != "." && $0 != "[" })
            if let entry = explained.origin(of: path), let location = entry.location {
                origins[path] = location + (entry.stage.map { " (\($0) rule)" } ?? "")
            } else if let stage = RuleStage(rawValue: stageName), let rule = explainer.recorder?.definitions[stage] {
                origins[path] = "\(rule) (\(stage.rawValue) rule)"
            }
        }
        return origins
    }
}
