import Foundation

/// What the fuzz targets (`Fuzz/`) run on arbitrary bytes, and the tests run on their corpus:
/// each reads the bytes as a pack file would be read, which must end in a value or in
/// diagnostics, and checks what was read. A broken invariant traps, so the fuzzer reports it.
package enum PackInputCheck {
    /// Reads `bytes` as JSON, then as a fixture of each of `manifests`. A document's canonical
    /// text must parse back to itself, and the position of each of its values must be found by
    /// the value's path; a fixture's problems must be at most ``InputLimits/problemsPerFile``, and
    /// one more line.
    package static func json(_ bytes: [UInt8], asFixtureOf manifests: [PackManifest]) {
        if let document = try? JSONParser.parse(bytes) {
            checkPositions(of: document)
            if let canonical = try? JSONWriter.canonical(document.value) {
                let again = try? JSONWriter.canonical(JSONParser.parse(canonical).value)
                precondition(again == canonical, "canonical JSON does not parse back to itself")
            }
        }
        for manifest in manifests {
            do {
                _ = try Fixture.read(Data(bytes), displayPath: "fixture.json", manifest: manifest)
            } catch {
                precondition(error.diagnostics.count <= InputLimits.problemsPerFile + 1, "too many problems reported")
            }
        }
    }

    /// Reads `bytes` as a `pack.json`. A manifest that reads must have a schema within
    /// ``InputLimits/typeDepth`` and ``InputLimits/expandedFields``; problems are at most
    /// ``InputLimits/problemsPerFile``, and one more line.
    package static func manifest(_ bytes: [UInt8]) {
        do {
            let manifest = try PackManifest.read(Data(bytes), displayPath: "pack.json")
            for type in [manifest.schema.attributes, manifest.schema.state] + Array(manifest.schema.types.values) {
                let (depth, fields) = measure(type)
                precondition(depth <= InputLimits.typeDepth, "a schema type nests deeper than the limit")
                precondition(fields <= InputLimits.expandedFields, "a schema type has more fields than the limit")
            }
        } catch {
            precondition(error.diagnostics.count <= InputLimits.problemsPerFile + 1, "too many problems reported")
        }
    }

    /// Every value of `document` is found at its path, at a position inside the text.
    private static func checkPositions(of document: JSONDocument) {
        var pending: [(value: JSONValue, path: String)] = [(document.value, JSONPath.root)]
        var count = 0
        while let (value, path) = pending.popLast() {
            count += 1
            guard let position = document.positions[path] else { preconditionFailure("no position for \(path)") }
            precondition(position.line >= 1 && position.column >= 1, "a position outside the text")
            switch value {
            case .array(let elements):
                pending += elements.enumerated().map { ($1, JSONPath.element($0, in: path)) }
            case .object(let members):
                pending += members.map { ($1, JSONPath.member($0, in: path)) }
            default:
                break
            }
        }
        precondition(count == document.positions.count, "positions of values the document does not have")
    }

    /// How deep `type` nests objects and lists, and how many fields it has written out.
    private static func measure(_ type: SchemaType) -> (depth: Int, fields: Int) {
        var deepest = 0, fields = 0
        var pending: [(type: SchemaType, depth: Int)] = [(type, 0)]
        while let (type, depth) = pending.popLast(), fields <= InputLimits.expandedFields {
            switch type.required {
            case .array(let element):
                deepest = max(deepest, depth + 1)
                pending.append((element, depth + 1))
            case .object(_, let members):
                deepest = max(deepest, depth + 1)
                fields += members.count
                pending += members.map { ($0.type, depth + 1) }
            default:
                break
            }
        }
        return (deepest, fields)
    }
}
