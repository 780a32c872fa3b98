extension RulePack {
    /// The content-state changes since `older`'s manifest, each located at the field's
    /// declaration in this pack's `pack.json` (a removed field at its type): errors for breaking
    /// changes when `breakingIsError`, warnings otherwise.
    package func schemaDiagnostics(since older: PackManifest, breakingIsError: Bool) -> [Diagnostic] {
        let file = folder.display(Self.manifestFile)
        return manifest.schema.changes(since: older.schema).map { change in
            let type = JSONPath.member(change.typeName, in: "schema.types")
            let position = manifestPositions[JSONPath.member(change.fieldName, in: type)] ?? manifestPositions[type]
                ?? manifestPositions["schema"] ?? SourcePosition(line: 1, column: 1)
            return Diagnostic(file: file, line: position.line, column: position.column,
                              severity: breakingIsError && change.isBreaking ? .error : .warning, message: "\(change)")
        }
    }
}
