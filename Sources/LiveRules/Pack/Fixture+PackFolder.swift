extension Fixture {
    /// Reads and checks the fixture `relative` (`fixtures/countdown.json`) of the pack in
    /// `folder`; refused when it leads outside the pack. `displayPath` names it in messages (by
    /// default `folder.display(relative)`).
    package static func load(
        _ relative: String, in folder: PackFolder, displayPath: String? = nil, manifest: PackManifest
    ) throws(DiagnosticError) -> Fixture {
        let display = displayPath ?? folder.display(relative)
        guard let url = try folder.location(of: relative) else {
            throw DiagnosticError([Diagnostic(file: display, message: "cannot read the file")])
        }
        return try load(from: url, displayPath: display, manifest: manifest)
    }
}
