extension RulePack {
    /// The content-state changes since `older`'s manifest, each located at the field's
    /// declaration in this pack's `pack.json` (a removed field at its type): errors for breaking
    /// changes when `breakingIsError`, warnings otherwise.
    package func schemaDiagnostics(since older: PackManifest, breakingIsError: Bool) -> [Diagnostic] {
        let file = folder.display(Self.manifestFile)
        return manifest.contentStateChanges(since: older).map { change in
            let type = JSONPath.member(change.typeName, in: "schema.types")
            let position = manifestPositions[JSONPath.member(change.fieldName, in: type)] ?? manifestPositions[type]
                ?? manifestPositions["schema"] ?? SourcePosition(line: 1, column: 1)
            return Diagnostic(file: file, line: position.line, column: position.column,
                              severity: breakingIsError && change.isBreaking ? .error : .warning, message: "\(change)")
        }
    }
}

extension PackManifest {
    /// The content-state changes since `older`, fields matched by the keys each version's push
    /// key map gives them (a Swift property renamed behind an unchanged `CodingKeys` key is no
    /// change; a key map entry that changes a key is a rename).
    package func contentStateChanges(since older: PackManifest) -> [SchemaChange] {
        schema.changes(since: older.schema, keys: Schema.Keys(older: { older.push?.key(for: $1, in: $0) ?? $1 },
                                                               newer: { [push] in push?.key(for: $1, in: $0) ?? $1 }))
    }
}
